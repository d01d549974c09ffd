import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { BackgroundJob, StopJob } from './lib/background-job';
import { outboxDeliveryJob } from './modules/outbox';
import { railWorkerJob } from './modules/rails';
import { dailyReconciliationJob } from './modules/reporting';

/** Every module's background jobs, in the order they start. The server process runs them all. */
export const ALL_JOBS: readonly BackgroundJob[] = [outboxDeliveryJob, dailyReconciliationJob, railWorkerJob];

/**
 * Starts `jobs` one after the other when the app is ready (so before it listens), and stops
 * them in the reverse order when it closes, after the requests in flight have finished. Tests
 * build the app without jobs and start the ones they need.
 */
export function registerJobs(
  app: FastifyInstance,
  jobs: readonly BackgroundJob[],
  dependencies: { db: Database; config: Config },
) {
  if (jobs.length === 0) return;
  const running: StopJob[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) running.unshift(await job.start({ ...dependencies, log: app.log }));
  });
  app.addHook('onClose', async () => {
    for (const stop of running.splice(0)) await stop();
  });
}
