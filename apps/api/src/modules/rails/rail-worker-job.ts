import { type BackgroundJob, runEvery } from '../../lib/background-job';
import { railTimings } from './rail-settings';
import { runClearingSimulator } from './rail-worker';

/**
 * The clearing simulator beside the HTTP server, every PAYMENT_RAIL_POLL_MS. Recovery on start
 * is the first pass: the rows a dead process left queued or submitted are picked up where they
 * stopped.
 */
export const railWorkerJob: BackgroundJob = {
  name: 'payment-rails',
  start: ({ db, log }) =>
    runEvery({
      intervalMs: railTimings().pollMs,
      log,
      failure: 'payment rails failed',
      pass: async () => {
        const report = await runClearingSimulator(db);
        if (report.submitted + report.resolved + report.expired > 0) log.info(report, 'payment rails ran');
      },
    }),
};
