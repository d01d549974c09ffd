import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { createTestDatabase, type TestDatabase } from './db/test-database';
import { ALL_JOBS } from './jobs';
import type { BackgroundJob } from './lib/background-job';

// Background jobs start with the app, before it listens, in a fixed order, and stop in the
// reverse order when it closes; an app built without jobs (every other test) runs none.
describe('background jobs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());

  it('start in order when the app is ready and stop in reverse order when it closes', async () => {
    const events: string[] = [];
    const job = (name: string): BackgroundJob => ({
      name,
      async start({ db, log }) {
        expect(db).toBe(database.db);
        log.info({ job: name }, 'job started');
        events.push(`start ${name}`);
        return async () => {
          events.push(`stop ${name}`);
        };
      },
    });
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      jobs: [job('first'), job('second'), job('third')],
    });
    expect(events).toEqual([]);
    await app.ready();
    expect(events).toEqual(['start first', 'start second', 'start third']);
    await app.close();
    expect(events.slice(3)).toEqual(['stop third', 'stop second', 'stop first']);
  });

  it("run every module's job beside the server and stop them cleanly", async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: database.db,
      jobs: ALL_JOBS,
      logStream: stream,
    });
    await app.ready();
    await app.close();
    expect(ALL_JOBS.map((job) => job.name)).toEqual([
      'outbox-delivery',
      'daily-reconciliation',
      'payment-rails',
    ]);
    expect(lines.join('\n')).toContain('no e-mail or SMS transport configured');
    expect(lines.join('\n')).not.toMatch(/failed/);
  });
});
