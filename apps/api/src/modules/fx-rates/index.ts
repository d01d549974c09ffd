// FX rates: the market rate per euro of every currency (fx_rates) and its daily history
// (fx_rate_history), the shipped reference table, the sources that load rates (the ECB file, an
// HTTP feed) and the back office's rate views; payments, exchanges and fees read rates here.

export { backofficeFxRateRoutes } from './fx-rate-routes';
export { clientRateFor, marketRate, type SourcedRate, sourcedMarketRate } from './fx-rates';
export { pairRateHistory, snapshotRateHistory } from './rate-history';
