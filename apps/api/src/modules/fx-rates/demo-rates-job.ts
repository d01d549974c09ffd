import { withTransaction } from '../../db/transaction';
import { type BackgroundJob, runEvery } from '../../lib/background-job';
import { keepDemoRatesCurrent } from './demo-rates';

/**
 * The demo's rate source beside the HTTP server (decision 0049): checks every hour whether a new
 * day has begun, and records that day's demo rates. The first check is awaited, so a demo stopped
 * for days starts with today's rates and the days it missed. Outside demo mode it does nothing:
 * real rates come from the ECB file, the HTTP feed or an operator, and age as they should.
 */
export const demoRatesJob: BackgroundJob = {
  name: 'demo-rates',
  start: ({ db, config, log }) => {
    if (!config.demoMode) return async () => {};
    return runEvery({
      intervalMs: 60 * 60_000,
      awaitFirst: true,
      log,
      failure: 'the demo rates of the day were not recorded; the next check tries again',
      pass: async () => {
        const now = new Date();
        const moved = await withTransaction(db, (tx) => keepDemoRatesCurrent(tx, now));
        if (moved > 0)
          log.info(
            { day: now.toISOString().slice(0, 10), currencies: moved },
            'demo rates of the day recorded',
          );
      },
    });
  },
};
