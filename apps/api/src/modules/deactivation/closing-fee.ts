import type { Queryable } from '../../db/database';
import { addClosingFee, recordFeeCharged } from '../accounts';
import { systemAccountId, transferOrRefuse } from '../ledger';

// The account-closing fee of the tariff (docs/requirements/tariff.md), charged through the ledger from the
// client's account in the tariff's currency when an operator approves the closure, recorded in
// client_fees like the opening fee (decision 0009). The published fee is zero everywhere; a
// fee the account cannot cover is waived for the part it cannot (planClosing), never a debt.
export async function chargeClosingFee(
  tx: Queryable,
  input: {
    clientId: string;
    ledgerAccountId: string;
    amountMinor: number;
    waivedMinor: number;
    currency: string;
    region: string;
    now: Date;
  },
): Promise<string | null> {
  if (input.amountMinor <= 0) return null;
  const feeId = await addClosingFee(tx, input);
  const transferId = `fee:account_closing:${feeId}`;
  // A debit or a freeze raced the approval: nothing is written, the operator tries again.
  const changed = {
    code: 'balance_changed',
    message: 'The balance changed while closing; please try again',
  } as const;
  const [charged] = await transferOrRefuse(
    tx,
    [
      {
        kind: 'posted',
        id: transferId,
        debitAccountId: input.ledgerAccountId,
        creditAccountId: systemAccountId(input.currency, 'fee_income'),
        amountMinor: input.amountMinor,
        currency: input.currency,
        code: 'account_closing_fee',
        referenceType: 'client_fee',
        referenceId: feeId,
        eventAt: input.now,
      },
    ],
    { exceedsCredits: changed, accountFrozen: changed },
    `The ledger refused the closing fee ${transferId}`,
  );
  if (!charged) throw new Error(`Ledger bug: no result for the closing fee ${transferId}`);
  await recordFeeCharged(tx, {
    id: feeId,
    transferId,
    chargedAt: charged.transfer.createdAt,
    details: {
      client_id: input.clientId,
      kind: 'account_closing',
      transfer_id: transferId,
      amount_minor: input.amountMinor,
      waived_minor: input.waivedMinor,
      currency: input.currency,
    },
  });
  return transferId;
}
