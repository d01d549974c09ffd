import type { Database } from '../../db/database';
import type { BackgroundJob } from '../../lib/background-job';
import type { Logger } from '../../lib/logger';
import { runMonthEnd } from './month-end-run';

/**
 * Checks every `pollMs` whether a month has ended without its run, and runs it. The first
 * check is awaited, so a server started on the first of the month bills before it listens.
 */
export async function startMonthEnd(db: Database, log: Logger, pollMs = 60 * 60_000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return running;
    running = runMonthEnd(db, new Date())
      .then((runs) => {
        for (const run of runs) log.info(run, 'month-end fees and statements recorded');
      })
      .catch((error: unknown) =>
        log.error({ err: error }, 'month-end run failed; the next check resumes it'),
      );
    return running;
  };
  await tick();
  const timer = setInterval(tick, pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** Monthly fee, holding fees and monthly statements, beside the HTTP server. */
export const monthEndJob: BackgroundJob = {
  name: 'month-end',
  start: ({ db, log }) => startMonthEnd(db, log),
};
