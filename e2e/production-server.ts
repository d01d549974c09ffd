import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

// Starts the real production build (apps/api/dist/server.js serving apps/web/dist) on a free
// port, as browser tests and benchmarks need it. The caller owns the data directory.
const repositoryRoot = join(import.meta.dirname, '..');

export type Server = { url: string; process: ChildProcess };

// The port is chosen before the start, not left to PORT=0, because the server writes its own
// address into the links of the e-mails it sends (PUBLIC_URL), and journeys follow those links.
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'on',
      BOT_CHECK: 'off',
      // One browser suite logs in dozens of times from one address; API tests cover the limits.
      RATE_LIMIT_ALLOW: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A server that did not come up in time is stopped, so no orphan keeps its port and memory.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url, process: child };
}
