import type { PaymentType } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { insertPayment } from './create-payment';
import { completePastPayment } from './payment-insert-rows';
import type { PaymentRow } from './payment-rows';

/**
 * A payment that was made and completed at `at` (the demo's history): its row, completed at that
 * time, with the created and completed events of its history. The caller books its money in the
 * ledger with `referenceId` = the returned row's id, so the account's lines and the Payments list
 * show the same payment.
 */
export async function recordPastPayment(
  tx: Queryable,
  input: {
    clientId: string;
    type: Exclude<PaymentType, 'internal' | 'international'>;
    account: { id: string; currency: string; ledger_account_id: string };
    amount: number;
    fee: number;
    payee: Record<string, string>;
    at: Date;
  },
): Promise<PaymentRow> {
  const row = await insertPayment(tx, {
    clientId: input.clientId,
    type: input.type,
    account: input.account,
    amount: input.amount,
    currency: input.account.currency,
    quote: { debitAmount: input.amount, fee: input.fee, rate: null, marketRate: null },
    recipientId: null,
    resolved: { payee: input.payee, country: '', highRisk: false, internal: null },
    description: '',
    saveRecipient: false,
    deactivationRequestId: null,
    now: input.at,
  });
  await completePastPayment(tx, row.id, input.at);
  return { ...row, status: 'completed', confirmed_at: input.at, updated_at: input.at };
}
