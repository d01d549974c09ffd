// Currency exchange: quotes with a locked rate, their confirmation as one ledger call of linked
// transfers, rate sources (reference table, ECB file, HTTP feed) and the back office's FX views.

export { backofficeExchangeRoutes } from './backoffice-exchange-routes';
export { clientExchangeRoutes } from './exchange-routes';
