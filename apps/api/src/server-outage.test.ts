import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPackageRoot } from './lib/package-root';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy';
import { testDatabaseDriver } from './testing/test-database';

// The real server process, as `npm start` runs it on PostgreSQL, loses its database (every
// connection cut and new ones refused, through a proxy the test controls) and must stay up,
// answer 503 meanwhile, and serve again when the database is back, without a restart.
describe.runIf(testDatabaseDriver() === 'postgres')('the server process when PostgreSQL goes away', () => {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/test');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy | undefined;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  afterAll(async () => {
    await proxy?.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('stays alive, answers 503 while the database is unreachable, and recovers by itself', async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    proxy = await startTcpProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
    const databaseUrl = new URL(serverUrl.toString());
    databaseUrl.host = `127.0.0.1:${proxy.port}`;
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiPackageRoot(),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening at (http:\/\/[^\s"]+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    const anonymous = { authorization: `Bearer ${'a'.repeat(43)}` };

    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    proxy.cut();
    const refused = await fetch(`${base}/api/client/data`, { headers: anonymous });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { code: string }).code).toBe('database_unavailable');
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(child.exitCode, output).toBeNull();

    proxy.restore();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/client/data`, { headers: anonymous })).status).toBe(401);
    expect(child.exitCode, output).toBeNull();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
