// Currency exchange: quotes with a locked rate, their confirmation as one ledger call of linked
// transfers and the back office's FX views (rates themselves are the fx-rates module's).

export { backofficeExchangeRoutes } from './backoffice-exchange-routes';
export { exchangeTransfers } from './exchange-ledger';
export { clientExchangeRoutes } from './exchange-routes';
export type { ExchangeRow } from './exchange-rows';
