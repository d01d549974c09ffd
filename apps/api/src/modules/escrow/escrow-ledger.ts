import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  createTransfersInTransaction,
  ensureSystemAccounts,
  systemAccountId,
  type TransferInput,
  transferOrRefuse,
} from '../ledger';
import type { DealRow } from './escrow-rows';

// The deal's money on the ledger (docs/decisions/0030-escrow-on-the-ledger.md): funding moves the
// amount from the buyer's e-money into the currency's escrow account and the funding fees to
// fee income, linked in one call; a payout moves the amount out of escrow to one party in one
// call. Transfer ids are the deal's, so a second payout of a deal is the ledger's `exists`,
// never a second payment.

const reference = (deal: DealRow) => ({ referenceType: 'escrow_deal', referenceId: deal.id });

const FROZEN = 'This account is frozen; payments from it are not possible';
export const accountFrozen = () => new AppError('account_frozen', FROZEN);

const ESCROW_REFUSALS = {
  exceedsCredits: {
    message: 'Not enough money in the account for the amount and the fees',
    detail: 'Not enough money in the account for the amount and the fees.',
  },
  accountFrozen: { message: FROZEN },
};
const bug = 'ledger refused escrow transfers';

/** The amount into escrow and the funding fees to fee income, linked, from the buyer's account. */
export function fundingTransfers(deal: DealRow, buyerLedgerAccountId: string): TransferInput[] {
  const transfers: TransferInput[] = [
    {
      kind: 'posted',
      id: `escrow:${deal.id}:fund`,
      debitAccountId: buyerLedgerAccountId,
      creditAccountId: systemAccountId(deal.currency, 'escrow'),
      amountMinor: deal.amount_minor,
      currency: deal.currency,
      code: 'escrow_funding',
      linked: deal.funding_fee_minor > 0,
      ...reference(deal),
    },
  ];
  if (deal.funding_fee_minor > 0)
    transfers.push({
      kind: 'posted',
      id: `escrow:${deal.id}:fund_fee`,
      debitAccountId: buyerLedgerAccountId,
      creditAccountId: systemAccountId(deal.currency, 'fee_income'),
      amountMinor: deal.funding_fee_minor,
      currency: deal.currency,
      code: 'escrow_fee',
      ...reference(deal),
    });
  return transfers;
}

export async function fundOnLedger(
  tx: Queryable,
  deal: DealRow,
  buyerLedgerAccountId: string,
): Promise<string> {
  await ensureSystemAccounts(tx, deal.currency);
  await transferOrRefuse(tx, fundingTransfers(deal, buyerLedgerAccountId), ESCROW_REFUSALS, bug);
  return `escrow:${deal.id}:fund`;
}

/** The whole amount out of escrow to the seller (release) or back to the buyer (refund). */
export async function payOutOnLedger(
  tx: Queryable,
  deal: DealRow,
  action: 'release' | 'refund',
  payeeLedgerAccountId: string,
): Promise<string> {
  const id = `escrow:${deal.id}:payout`;
  await transferOrRefuse(
    tx,
    [
      {
        kind: 'posted',
        id,
        debitAccountId: systemAccountId(deal.currency, 'escrow'),
        creditAccountId: payeeLedgerAccountId,
        amountMinor: deal.amount_minor,
        currency: deal.currency,
        code: action === 'release' ? 'escrow_release' : 'escrow_refund',
        ...reference(deal),
      },
    ],
    ESCROW_REFUSALS,
    bug,
  );
  return id;
}

/** A verification fee for one condition, from the party that presented its documents. */
export async function chargeVerificationFee(
  tx: Queryable,
  deal: DealRow,
  conditionId: string,
  payerLedgerAccountId: string,
  amountMinor: number,
): Promise<string> {
  const id = `escrow:${deal.id}:verify:${conditionId}`;
  await transferOrRefuse(
    tx,
    [
      {
        kind: 'posted',
        id,
        debitAccountId: payerLedgerAccountId,
        creditAccountId: systemAccountId(deal.currency, 'fee_income'),
        amountMinor,
        currency: deal.currency,
        code: 'escrow_fee',
        ...reference(deal),
      },
    ],
    ESCROW_REFUSALS,
    bug,
  );
  return id;
}

const changeFeeId = (deal: DealRow, changeId: string) => `escrow:${deal.id}:change:${changeId}`;

/** The change fee held from the requester's account while the other party answers. */
export async function holdChangeFee(
  tx: Queryable,
  deal: DealRow,
  change: { id: string; feeMinor: number; payerLedgerAccountId: string },
): Promise<void> {
  if (change.feeMinor === 0) return;
  await transferOrRefuse(
    tx,
    [
      {
        kind: 'pending',
        id: changeFeeId(deal, change.id),
        debitAccountId: change.payerLedgerAccountId,
        creditAccountId: systemAccountId(deal.currency, 'fee_income'),
        amountMinor: change.feeMinor,
        currency: deal.currency,
        code: 'escrow_fee',
        ...reference(deal),
      },
    ],
    ESCROW_REFUSALS,
    bug,
  );
}

/** Charges the held change fee (accepted) or gives it back (declined, withdrawn): one ledger call. */
export async function resolveChangeFee(
  tx: Queryable,
  deal: DealRow,
  change: { id: string; feeMinor: number },
  resolution: 'post' | 'void',
): Promise<string | null> {
  if (change.feeMinor === 0) return null;
  const id = `${changeFeeId(deal, change.id)}:${resolution}`;
  const [result] = await createTransfersInTransaction(tx, [
    {
      kind: resolution === 'post' ? 'post_pending' : 'void_pending',
      id,
      pendingId: changeFeeId(deal, change.id),
      code: 'escrow_fee',
    },
  ]);
  if (result && !result.ok) throw new Error(`ledger refused to ${resolution} change fee: ${result.code}`);
  return id;
}
