import { type BackgroundJob, runEvery } from '../../lib/background-job';
import { runMonthEnd } from './month-end-run';

/**
 * Monthly fee, holding fees and monthly statements, beside the HTTP server: checks every hour
 * whether a month has ended without its run, and runs it. The first check is awaited, so a
 * server started on the first of the month bills before it listens.
 */
export const monthEndJob: BackgroundJob = {
  name: 'month-end',
  start: ({ db, log }) =>
    runEvery({
      intervalMs: 60 * 60_000,
      awaitFirst: true,
      log,
      failure: 'month-end run failed; the next check resumes it',
      pass: async () => {
        for (const run of await runMonthEnd(db, new Date()))
          log.info(run, 'month-end fees and statements recorded');
      },
    }),
};
