import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

// Starts the real production build (apps/api/dist/server.js serving apps/web/dist) on a free
// port, as browser tests and benchmarks need it. The caller owns the data directory.
const repositoryRoot = join(import.meta.dirname, '..');

export type Server = { url: string; process: ChildProcess };

export async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'on',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
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
