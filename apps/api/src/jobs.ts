import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { BackgroundJob, StopJob } from './lib/background-job';
import { type ErrorReporter, noErrorReporter, reportingLogger } from './lib/error-reporter';
import { MODULES } from './modules';

/**
 * The order the jobs start in (they stop in reverse). Messages first, so whatever the others send
 * can go out; the demo's rates of the day (demo mode only) before anything that reads rates; the
 * daily reconciliation before the rail worker, so a break it finds is raised before money moves;
 * the month-end run, the longest first pass, last.
 */
const START_ORDER = ['outbox-delivery', 'demo-rates', 'daily-reconciliation', 'payment-rails', 'month-end'];

/** Every module's background jobs (from the manifests), in START_ORDER. The server runs them all. */
export const ALL_JOBS: readonly BackgroundJob[] = MODULES.flatMap((module) => module.jobs ?? []).sort(
  (a, b) => startRank(a) - startRank(b),
);

function startRank(job: BackgroundJob): number {
  const rank = START_ORDER.indexOf(job.name);
  if (rank < 0) throw new Error(`Job ${job.name} has no place in START_ORDER (apps/api/src/jobs.ts)`);
  return rank;
}

/** The jobs BACKGROUND_JOBS names (all of them unless it lists some); an unknown name stops the start. */
export function selectJobs(wanted: Config['backgroundJobs']): readonly BackgroundJob[] {
  if (wanted === 'all') return ALL_JOBS;
  const known = new Set(ALL_JOBS.map((job) => job.name));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `BACKGROUND_JOBS names unknown jobs: ${unknown.join(', ')} (known: ${[...known].join(', ')})`,
    );
  }
  return ALL_JOBS.filter((job) => wanted.includes(job.name));
}

/**
 * Starts `jobs` one after the other when the app is ready (so before it listens), and stops
 * them in the reverse order when it closes, after the requests in flight have finished. Tests
 * build the app without jobs and start the ones they need.
 */
export function registerJobs(
  app: FastifyInstance,
  jobs: readonly BackgroundJob[],
  dependencies: { db: Database; config: Config },
  errorReporter: ErrorReporter = noErrorReporter,
) {
  // ROLE=api serves HTTP only: its jobs run in the worker processes (docs/operations.md).
  if (jobs.length === 0 || dependencies.config.role === 'api') return;
  const running: StopJob[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      const log = reportingLogger(app.log, errorReporter, job.name);
      running.unshift(await job.start({ ...dependencies, log }));
    }
  });
  app.addHook('onClose', async () => {
    for (const stop of running.splice(0)) await stop();
  });
}
