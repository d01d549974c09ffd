// The composition root's wiring of hooks (lib/hooks.ts): where a lower module must tell a higher
// one something, the lower one declares and runs a hook and the higher one's handler is registered
// here, so no module imports one above it (docs/architecture.md, "Direction").

import { addAccountsToClientRecord } from './modules/accounts';
import { clientRecordParts } from './modules/clients';
import { onPayoutResolved } from './modules/deactivation';
import { onEscrowPayoutResolved } from './modules/escrow';
import {
  applyRailAnswer,
  expireUnconfirmedPayment,
  payoutResolvedHook,
  recordPaymentFile,
} from './modules/payments';
import { paymentsFiledHook, railAnswerHook, unconfirmedPaymentHook } from './modules/rails';
import { addUnreadToClientRecord } from './modules/tickets';

/** Registers every module hook's handler; safe to call more than once. */
export function registerModuleHooks(): void {
  // Each line: <lower module's hook>.register(<key>, <higher module's handler>).
  clientRecordParts.register('tickets', addUnreadToClientRecord);
  clientRecordParts.register('accounts', addAccountsToClientRecord);
  railAnswerHook.register('settled', applyRailAnswer);
  railAnswerHook.register('rejected', applyRailAnswer);
  railAnswerHook.register('returned', applyRailAnswer);
  paymentsFiledHook.register('pain.001', recordPaymentFile);
  unconfirmedPaymentHook.register('expired', expireUnconfirmedPayment);
  payoutResolvedHook.register('deactivation', onPayoutResolved);
  payoutResolvedHook.register('escrow', onEscrowPayoutResolved);
}
