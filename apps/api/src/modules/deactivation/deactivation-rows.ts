import {
  brand,
  countryRegion,
  type DeactivationAccount,
  type DeactivationReason,
  type DeactivationRequest,
  type DeactivationStatus,
  deactivationDueAt,
} from '@bluepeak/core';
import { accountClosingFee } from '@bluepeak/core/fees';
import type { Queryable } from '../../db/database';
import { listClientAccountRows } from '../accounts';
import { getAccounts } from '../ledger';

// The deactivation_requests table (migration 0070) as the services read it, and the facts a
// decision needs: the client's balances from the ledger, money still on its way, the fee.
export type DeactivationRow = {
  id: string;
  client_id: string;
  status: DeactivationStatus;
  reason: DeactivationReason;
  comment: string | null;
  payout_kind: 'recipient' | 'balance_is_zero';
  payout_recipient_id: string | null;
  challenge_id: string | null;
  requested_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
  decision_reason: string | null;
  payout_note: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The client's request that is still open (waiting for its code or for review), if any. */
export async function findOpenRequest(
  db: Queryable,
  clientId: string,
  lock = false,
): Promise<DeactivationRow | undefined> {
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE client_id = $1 AND status IN ('awaiting_confirmation', 'pending')
     ${lock ? 'FOR UPDATE' : ''}`,
    [clientId],
  );
  return row;
}

/** The client's newest request, whatever its state (a rejection stays visible to the client). */
export async function findLatestRequest(
  db: Queryable,
  clientId: string,
): Promise<DeactivationRow | undefined> {
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [clientId],
  );
  return row;
}

export async function findRequestById(
  db: Queryable,
  id: string,
  lock = false,
): Promise<DeactivationRow | undefined> {
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

export async function findRequestForReview(
  db: Queryable,
  clientId: string,
  lock = false,
): Promise<DeactivationRow | undefined> {
  // The newest request that reached review: a retried decision finds the one it decided.
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE client_id = $1 AND status <> 'awaiting_confirmation'
     AND status <> 'withdrawn' ORDER BY requested_at DESC, id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [clientId],
  );
  return row;
}

export async function recipientName(db: Queryable, recipientId: string | null): Promise<string | null> {
  if (!recipientId) return null;
  const [row] = await db.query<{ name: string | null }>(
    `SELECT details->>'name' AS name FROM recipients WHERE id = $1`,
    [recipientId],
  );
  return row?.name ?? null;
}

export async function toDeactivationRequest(
  db: Queryable,
  row: DeactivationRow,
): Promise<DeactivationRequest> {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    payout:
      row.payout_kind === 'recipient' && row.payout_recipient_id
        ? { kind: 'recipient', recipient_id: row.payout_recipient_id }
        : { kind: 'balance_is_zero' },
    payout_recipient_name: await recipientName(db, row.payout_recipient_id),
    requested_at: row.requested_at?.toISOString() ?? null,
    due_at: row.requested_at ? deactivationDueAt(row.requested_at).toISOString() : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_reason: row.decision_reason,
    payout_note: row.payout_note,
    created_at: row.created_at.toISOString(),
  };
}

export type ClosableAccount = DeactivationAccount & { ledgerAccountId: string };

/** The client's accounts with their ledger balances at the moment of the read. */
export async function readClientBalances(db: Queryable, clientId: string): Promise<ClosableAccount[]> {
  const rows = await listClientAccountRows(db, clientId);
  const ledger = await getAccounts(
    db,
    rows.map((row) => row.ledger_account_id),
  );
  const byId = new Map(ledger.map((account) => [account.id, account]));
  return rows.map((row) => {
    const account = byId.get(row.ledger_account_id);
    if (!account) throw new Error(`Client account ${row.id} has no ledger account`);
    return {
      id: row.id,
      currency: row.currency,
      balance: account.balanceMinor,
      available: account.availableMinor,
      ledgerAccountId: row.ledger_account_id,
    };
  });
}

/** Payments whose money is still with the rail: closing must wait for their outcome. */
export async function countOpenPayments(db: Queryable, clientId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments WHERE client_id = $1 AND status = 'processing'`,
    [clientId],
  );
  return row?.n ?? 0;
}

/** The tariff's closing fee for the client's region, in the tariff's currency. */
export function closingFeeFor(client: { country: string }, tariff = brand.tariff) {
  const region = countryRegion(client.country);
  return { amount: accountClosingFee(tariff, region), currency: tariff.currency, region };
}

export const publicAccount = ({ ledgerAccountId: _ledger, ...account }: ClosableAccount) => account;
