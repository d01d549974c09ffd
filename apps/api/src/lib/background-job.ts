import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from './logger';

export type JobDependencies = { db: Database; config: Config; log: Logger };

/** Stops a job: no new run starts, and the run in progress is awaited. */
export type StopJob = () => Promise<void>;

/**
 * Work a module does beside the HTTP server (apps/api/src/jobs.ts starts and stops them all).
 * `start` resolves once the job is running; whatever it awaits happens before the server listens.
 * Every job lives in its module's `<name>-job.ts` and is exported through the module's index.
 */
export type BackgroundJob = {
  readonly name: string;
  start(dependencies: JobDependencies): StopJob | Promise<StopJob>;
};

/**
 * The one loop of every polling job: runs `pass`, waits `intervalMs` after it ends, runs it again,
 * until stopped. One pass at a time, so a slow pass never overlaps the next. A failed pass is
 * logged with `failure` and the next one tries again (each pass is safe to repeat). With
 * `awaitFirst`, the first pass ends before the returned promise resolves, so the server listens
 * only after it (a start on the first of the month bills before it takes requests).
 */
export async function runEvery(options: {
  intervalMs: number;
  log: Logger;
  failure: string;
  pass: () => Promise<unknown>;
  awaitFirst?: boolean;
}): Promise<StopJob> {
  const { intervalMs, log, failure, pass } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = pass()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, failure),
      )
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
    return running;
  };
  if (options.awaitFirst) await tick();
  else tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
