// Escrow deals: a buyer's money held in the ledger's escrow account until an escrow officer
// finds the deal's conditions met, then released or refunded under four eyes.

export { backofficeEscrowRoutes } from './backoffice-escrow-routes';
export { clientEscrowChangeRoutes } from './client-escrow-change-routes';
export { clientEscrowRoutes } from './client-escrow-routes';
export { devEscrowRoutes } from './dev-escrow-routes';
export { type IncomingEscrowFunding, incomingEscrowFunding } from './incoming-funding';
export { onEscrowPayoutResolved } from './payout-outcome';
