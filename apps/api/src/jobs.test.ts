import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { ALL_JOBS, selectJobs } from './jobs';
import type { BackgroundJob } from './lib/background-job';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

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

  it("run every module's job beside the server and stop each one cleanly", async () => {
    const events: string[] = [];
    const watched = ALL_JOBS.map(
      (job): BackgroundJob => ({
        name: job.name,
        async start(dependencies) {
          const stop = await job.start(dependencies);
          events.push(`start ${job.name}`);
          return async () => {
            await stop();
            events.push(`stop ${job.name}`);
          };
        },
      }),
    );
    const app = await buildApp({ config: testConfig(), db: database.db, jobs: watched });
    await app.ready();
    await app.close();
    expect(events).toEqual([
      'start outbox-delivery',
      'start demo-rates',
      'start daily-reconciliation',
      'start payment-rails',
      'start month-end',
      'stop month-end',
      'stop payment-rails',
      'stop daily-reconciliation',
      'stop demo-rates',
      'stop outbox-delivery',
    ]);
  });

  it('runs the jobs BACKGROUND_JOBS names, all by default, and refuses a name it does not know', () => {
    expect(selectJobs(testConfig().backgroundJobs)).toEqual(ALL_JOBS);
    expect(
      selectJobs(testConfig({ BACKGROUND_JOBS: 'outbox-delivery' }).backgroundJobs).map((job) => job.name),
    ).toEqual(['outbox-delivery']);
    expect(selectJobs(testConfig({ BACKGROUND_JOBS: 'none' }).backgroundJobs)).toEqual([]);
    expect(() => selectJobs(['outbox-delivery', 'rail-worker'])).toThrow(/unknown jobs: rail-worker/);
    expect(() => testConfig({ BACKGROUND_JOBS: 'Outbox Delivery' })).toThrow(/BACKGROUND_JOBS/);
  });

  it('ROLE=api runs no job, and ROLE=worker runs them but serves no client or back-office route', async () => {
    const started: string[] = [];
    const job: BackgroundJob = {
      name: 'watched',
      start: ({ config }) => {
        started.push(config.role);
        return async () => {};
      },
    };
    const routes = ['/api/meta', '/api/client/data', '/api/backoffice/me', '/api/docs/json'];
    const api = await buildApp({ config: testConfig({ ROLE: 'api' }), db: database.db, jobs: [job] });
    await api.ready();
    for (const url of routes)
      expect((await api.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
    await api.close();
    expect(started).toEqual([]);

    const worker = await buildApp({ config: testConfig({ ROLE: 'worker' }), db: database.db, jobs: [job] });
    await worker.ready();
    expect(started).toEqual(['worker']);
    for (const url of routes) expect((await worker.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    expect((await worker.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await worker.close();
  });
});
