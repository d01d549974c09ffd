import { type BackgroundJob, runEvery } from '../../lib/background-job';
import { runDailyReconciliation } from './daily-reconciliation';

/**
 * The daily reconciliation beside the HTTP server: checks every 15 minutes whether yesterday has
 * been reconciled, and does it if not. The first check is awaited, so a start reconciles (and
 * sends any alert) before the server takes requests.
 */
export const dailyReconciliationJob: BackgroundJob = {
  name: 'daily-reconciliation',
  start: ({ db, log }) =>
    runEvery({
      intervalMs: 15 * 60_000,
      awaitFirst: true,
      log,
      failure: 'safeguarding reconciliation failed',
      pass: async () => {
        const run = await runDailyReconciliation(db, new Date());
        if (!run.recorded) return;
        if (run.reconciliation?.ok) log.info({ date: run.date }, 'safeguarding reconciled');
        else
          log.warn(
            { date: run.date, reconciliation: run.reconciliation },
            'safeguarding reconciliation found breaks',
          );
      },
    }),
};
