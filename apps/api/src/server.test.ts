import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPackageRoot } from './lib/package-root';

// The real process, as `npm start` runs it: config, migrations, demo seed, listen, and a
// clean exit on SIGTERM. Embedded PGlite in a temporary data directory.
function startServer(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiPackageRoot(),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('the server process', () => {
  const directories: string[] = [];
  afterAll(async () => {
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  it('migrates, seeds, serves and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bluepeak-server-'));
    directories.push(dataDir);
    const server = startServer(dataDir);
    const base = await server.url;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const outbox = (await (await fetch(`${base}/api/dev/outbox?to=private@demo.test`)).json()) as {
      data: unknown[];
    };
    expect(outbox.data.length).toBeGreaterThan(0);
    const exited = exitCode(server.child);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
    expect(server.output()).toMatch(/DEMO MODE IS ON[\s\S]*\/api\/dev\/outbox[\s\S]*Demo-password-1/);
  }, 180_000);

  it('refuses to start with bad configuration and lists every problem', async () => {
    const server = startServer('/nonexistent', { PORT: 'eighty', LOG_LEVEL: 'loud' });
    await expect(server.url).rejects.toThrow(/PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/);
  }, 90_000);
});
