// FX rates: the market rate per euro of every currency (fx_rates) and its daily history
// (fx_rate_history), the shipped reference table, the sources that load rates (the ECB file, an
// HTTP feed, the demo's own) and the back office's rate views; payments, exchanges and fees read
// rates here.

import type { ModuleManifest } from '../../lib/module-manifest';
import { demoRatesJob } from './demo-rates-job';
import { backofficeFxRateRoutes } from './fx-rate-routes';

export { DEMO_HISTORY_DAYS, keepDemoRatesCurrent } from './demo-rates';
export { demoRatesJob } from './demo-rates-job';
export { snapshotRateHistory } from './fx-rate-history-rows';
export { backofficeFxRateRoutes } from './fx-rate-routes';
export {
  clientRateFor,
  listMarketRates,
  marketRate,
  type SourcedRate,
  sourcedMarketRate,
} from './fx-rates';
export { pairRateHistory } from './rate-history';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'fx-rates',
  routes: [backofficeFxRateRoutes],
  jobs: [demoRatesJob],
};
