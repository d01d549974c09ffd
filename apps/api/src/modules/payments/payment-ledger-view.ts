import type { PaymentLedgerTransfer } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import {
  EXPIRY_TRANSFER_CODE,
  getPendingTransferState,
  listTransfersByReference,
  type Transfer,
} from '../ledger/index';

// The ledger behind one payment, for the back office (docs/requirements/back-office.md: each
// payment's ledger transfers, read-only). Read-only: the transfers come from the ledger's own read
// API and the accounts' labels from a plain SELECT; nothing here writes a ledger table.

type AccountLabelRow = {
  id: string;
  kind: string;
  rail: string | null;
  currency: string;
  iban: string | null;
  name: string | null;
};

const KIND_NAMES: Record<string, string> = {
  rail_settlement: 'Rail settlement',
  fx_position: 'FX position',
  fee_income: 'Fee income',
  safeguarding: 'Safeguarding',
  suspense: 'Suspense',
  opening_balances: 'Opening balances',
};
const RAIL_NAMES: Record<string, string> = {
  sepa: 'SEPA',
  faster_pay: 'Faster Payments',
  swift: 'SWIFT',
  internal: 'internal',
};

function labelOf(row: AccountLabelRow): string {
  if (row.kind === 'client_emoney')
    return row.iban ? `${row.iban} · ${row.currency}${row.name ? ` (${row.name})` : ''}` : row.id;
  const kind = KIND_NAMES[row.kind] ?? row.kind;
  const rail = row.rail ? ` ${RAIL_NAMES[row.rail] ?? row.rail}` : '';
  return `${kind}${rail} · ${row.currency}`;
}

/** A readable label for each ledger account named, keyed by its id (client accounts by IBAN). */
export async function ledgerAccountLabels(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { id: string; kind: string; label: string }>> {
  const rows = await db.query<AccountLabelRow>(
    `SELECT la.id, la.kind, la.rail, la.currency, g.iban, ca.name
     FROM ledger_accounts la
     LEFT JOIN client_accounts ca ON ca.ledger_account_id = la.id
     LEFT JOIN account_groups g ON g.id = ca.group_id
     WHERE la.id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, { id: row.id, kind: row.kind, label: labelOf(row) }]));
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
