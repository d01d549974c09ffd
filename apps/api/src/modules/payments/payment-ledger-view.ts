import type { PaymentLedgerTransfer } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { accountLabels } from '../accounts';
import {
  describeAccounts,
  EXPIRY_TRANSFER_CODE,
  getPendingTransferState,
  listTransfersByReference,
  type Transfer,
} from '../ledger';

// The ledger behind one payment, for the back office (docs/requirements/back-office.md: each
// payment's ledger transfers, read-only). The transfers and what each account is come from the
// ledger's own read API, a client account's IBAN and name from the accounts module.

type AccountLabelRow = { id: string; kind: string; rail: string | null; currency: string };

const KIND_NAMES: Record<string, string> = {
  rail_settlement: 'Rail settlement',
  fx_position: 'FX position',
  fee_income: 'Fee income',
  safeguarding: 'Safeguarding',
  suspense: 'Suspense',
  opening_balances: 'Opening balances',
  escrow: 'Escrow',
};
const RAIL_NAMES: Record<string, string> = {
  sepa: 'SEPA',
  faster_pay: 'Faster Payments',
  swift: 'SWIFT',
  internal: 'internal',
};

/** A client's account by the accounts module's label (its name and IBAN), a system account by its kind. */
function labelOf(row: AccountLabelRow, client: string | undefined): string {
  if (row.kind === 'client_emoney') return client ?? `Client account · ${row.currency}`;
  const kind = KIND_NAMES[row.kind] ?? row.kind;
  const rail = row.rail ? ` ${RAIL_NAMES[row.rail] ?? row.rail}` : '';
  return `${kind}${rail} · ${row.currency}`;
}

/** A readable label for each ledger account named, keyed by its id. */
async function ledgerAccountLabels(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { id: string; kind: string; label: string }>> {
  const accounts = await describeAccounts(db, ids);
  const clients = await accountLabels(
    db,
    accounts.filter((account) => account.kind === 'client_emoney').map((account) => account.id),
  );
  return new Map(
    accounts.map((account) => [
      account.id,
      { id: account.id, kind: account.kind, label: labelOf(account, clients.get(account.id)) },
    ]),
  );
}

const resolvedState = (resolver: Transfer): PaymentLedgerTransfer['state'] =>
  resolver.kind === 'post_pending'
    ? 'posted'
    : resolver.code === EXPIRY_TRANSFER_CODE && resolver.id.startsWith('ledger:')
      ? 'expired'
      : 'voided';

async function stateOf(db: Queryable, transfer: Transfer, all: readonly Transfer[]) {
  if (transfer.kind !== 'pending') return resolvedState(transfer);
  const resolver = all.find((other) => other.pendingId === transfer.id);
  if (resolver) return resolvedState(resolver);
  // A resolution the ledger wrote under another reference (an expiry) is still found by id.
  const pending = await getPendingTransferState(db, transfer.id);
  if (pending.status === 'posted' || pending.status === 'voided' || pending.status === 'expired')
    return pending.status;
  return 'pending';
}

/** The payment's ledger transfers, oldest first, each with where its money stands now. */
export async function paymentLedgerTransfers(
  db: Queryable,
  paymentId: string,
): Promise<PaymentLedgerTransfer[]> {
  const transfers = await listTransfersByReference(db, 'payment', paymentId);
  const labels = await ledgerAccountLabels(
    db,
    transfers.flatMap((transfer) => [transfer.debitAccountId, transfer.creditAccountId]),
  );
  const side = (id: string) => labels.get(id) ?? { id, kind: 'unknown', label: id };
  return Promise.all(
    transfers.map(async (transfer) => ({
      id: transfer.id,
      kind: transfer.kind,
      code: transfer.code,
      debit_account: side(transfer.debitAccountId),
      credit_account: side(transfer.creditAccountId),
      amount: transfer.amountMinor,
      currency: transfer.currency,
      state: await stateOf(db, transfer, transfers),
      pending_id: transfer.pendingId,
      created_at: transfer.createdAt.toISOString(),
    })),
  );
}
