import type { Queryable } from '../../db/database';
import { ensureSystemAccounts, type TransferInput } from '../ledger';
import { fundingTransfers } from './escrow-ledger';
import { findFundableDeal, lockDeal, setDealStatus } from './escrow-rows';
import { recordStep } from './escrow-steps';

// Funding by an incoming payment (docs/requirements/escrow.md, "Funding by transfer"): a payment
// to the buyer's IBAN, in the deal's currency, whose remittance names exactly one accepted deal of
// that buyer (its reference, ESC-XXXXXXXX) and carries at least the amount plus the funding fees,
// funds the deal: the credit and the funding are one linked chain of one ledger call (the
// incoming credit's own transfers, then the amount into escrow and the fees to fee income). What
// the payment carries beyond that stays in the buyer's account. Anything else is an ordinary credit.

const REFERENCE = /ESC-[0-9A-F]{8}/g;

export type IncomingEscrowFunding = {
  /** Appended to the incoming credit's chain, after the client's account is credited. */
  transfers: TransferInput[];
  /** Marks the deal funded, in the same transaction, once the ledger took the chain. */
  complete: (tx: Queryable) => Promise<void>;
};

export async function incomingEscrowFunding(
  tx: Queryable,
  credit: {
    clientId: string;
    ledgerAccountId: string;
    currency: string;
    amountMinor: number;
    remittance: string | undefined;
    reference: string;
  },
): Promise<IncomingEscrowFunding | undefined> {
  const named = [...new Set((credit.remittance ?? '').toUpperCase().match(REFERENCE) ?? [])];
  const [reference] = named;
  if (named.length !== 1 || reference === undefined) return undefined;
  const row = await findFundableDeal(tx, reference, credit.clientId, credit.currency);
  if (!row) return undefined;
  const deal = await lockDeal(tx, row.id);
  if (deal.status !== 'accepted' || credit.amountMinor < deal.amount_minor + deal.funding_fee_minor)
    return undefined;
  await ensureSystemAccounts(tx, deal.currency);
  return {
    transfers: fundingTransfers(deal, credit.ledgerAccountId),
    complete: async (inner) => {
      await setDealStatus(inner, deal.id, 'funded', {
        fund_transfer_id: `escrow:${deal.id}:fund`,
        buyer_ledger_account_id: credit.ledgerAccountId,
        funded_by_incoming: credit.reference,
      });
      await recordStep(
        inner,
        deal,
        'funded',
        { type: 'system' },
        {
          amount_minor: deal.amount_minor,
          fees_minor: deal.funding_fee_minor,
          incoming_payment: credit.reference,
        },
      );
    },
  };
}
