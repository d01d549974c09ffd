import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';

const repositoryRoot = join(import.meta.dirname, '..');

type Server = { url: string; process: ChildProcess };

async function startServer(dataDir: string): Promise<Server> {
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

/** The real server, one per worker, on a free port with a fresh embedded database. */
export const test = base.extend<{ consoleErrors: string[] }, { server: Server }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'bluepeak-e2e-'));
      const server = await startServer(dataDir);
      await use(server);
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server.process.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Fails a test on any unexpected console error, so a page that "works" but throws is caught.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };
