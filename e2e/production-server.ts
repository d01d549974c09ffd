import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

// Starts the real production build (apps/api/dist/server.js serving apps/web/dist) on a free
// port, as browser tests and benchmarks need it. The caller owns the data directory.
const repositoryRoot = join(import.meta.dirname, '..');

export type Server = { url: string; process: ChildProcess };

// The port is chosen before the start, not left to PORT=0, because the server writes its own
// address into the links of the e-mails it sends (PUBLIC_URL), and journeys follow those links.
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** The demo product on `port` of this machine, as the journeys and the benchmarks drive it. */
export function demoServerEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_MODE: 'on',
    BOT_CHECK: 'off',
    // One run logs in dozens of times from one address; API tests cover the limits.
    RATE_LIMIT_ALLOW: '127.0.0.1',
  };
}

/**
 * The address a started server prints once it listens. A server that did not come up in time
 * is stopped, so no orphan keeps its port and memory.
 */
export function listeningUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output.slice(-3000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      const match = /listening at (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

/** Stops a started server with SIGTERM (it finishes what is in flight) and waits for its exit. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `env` adds to or overrides the demo settings (an error-reporting DSN, say). */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...demoServerEnv(port),
      DATA_DIR: dataDir,
      // No rail worker and no daily reconciliation beside the server: a journey settles its
      // payments at once through the simulator's run-now hook (support/rails.ts), instead of
      // waiting out the simulated clearing and racing it.
      BACKGROUND_JOBS: 'outbox-delivery',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { url: await listeningUrl(child, 180_000), process: child };
}
