import { spawn, spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPackageRoot } from './lib/package-root';
import { restartDelayMs } from './supervisor';
import { createTestDatabase, type TestDatabase, testDatabaseDriver } from './testing/test-database';

describe('the restart back-off', () => {
  it('restarts at once the first time, then waits twice as long each time, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

// The real server with WEB_CONCURRENCY=2 on PostgreSQL (docs/operations.md): a process killed
// with SIGKILL is replaced and the service answers again; SIGTERM to the supervisor drains
// every process (not ready, still serving for DRAIN_DELAY_MS) and ends it cleanly.
describe.runIf(testDatabaseDriver() === 'postgres')('the supervisor of several processes', () => {
  let database: TestDatabase;
  let databaseUrl: URL;
  // A bundle of its own (build.mjs) starts in half the time tsx takes, which a test that starts
  // four processes feels; the database is migrated here, so the supervisor finds nothing to do.
  const bundleDir = join(apiPackageRoot(), 'dist', `supervisor-test-${process.pid}`);
  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: apiPackageRoot(),
      env: { ...process.env, API_BUNDLE_OUTFILE: join(bundleDir, 'server.js') },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    database = await createTestDatabase();
    const [row] = await database.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    databaseUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/test');
    databaseUrl.searchParams.set('options', `-c search_path=${row?.schema}`);
  });
  afterAll(async () => {
    await rm(bundleDir, { recursive: true, force: true });
    await database?.cleanup();
  });

  it('replaces a process killed with SIGKILL and drains them all on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(bundleDir, 'server.js')], {
      cwd: apiPackageRoot(),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        WEB_CONCURRENCY: '2',
        BACKGROUND_JOBS: 'none',
        DRAIN_DELAY_MS: '1500',
        DEMO_MODE: 'off',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening: { pid: number; port: number }[] = [];
    const waiters: (() => void)[] = [];
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const match of chunk
        .toString()
        .matchAll(/"worker_pid":(\d+),"port":(\d+),"msg":"worker listening"/g)) {
        listening.push({ pid: Number(match[1]), port: Number(match[2]) });
      }
      for (const wake of waiters.splice(0)) wake();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const listeningCount = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (listening.length >= count ? resolve() : waiters.push(check));
        check();
        void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
      });

    await listeningCount(2);
    const [first, second] = listening;
    expect(first?.pid).not.toBe(second?.pid);
    const base = `http://127.0.0.1:${first?.port}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    process.kill(first?.pid ?? 0, 'SIGKILL');
    await listeningCount(3);
    const replacement = listening[2];
    expect([first?.pid, second?.pid]).not.toContain(replacement?.pid);
    expect(replacement?.port).toBe(first?.port);
    expect(output).toMatch(/"signal":"SIGKILL","restart_in_ms":0,"msg":"worker died; starting another"/);
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Draining: still serving, but no longer ready, so a load balancer stops sending.
    const draining = await fetch(`${base}/api/health/ready`);
    expect([
      draining.status,
      ((await draining.json()) as { data: { draining: boolean } }).data.draining,
    ]).toEqual([503, true]);
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect(await exited, output).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect([second?.pid ?? 0, replacement?.pid ?? 0].filter(alive)).toEqual([]);
  }, 60_000);
});
