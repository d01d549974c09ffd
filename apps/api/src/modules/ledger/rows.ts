import { assertMinorUnits } from '@bluepeak/core';
import type { Account, AccountKind, PendingResolution, Rail, Transfer, TransferKind } from './types';

// Rows as the database returns them, and their mapping to the ledger's types. Rows arrive
// either straight from a query (timestamps as Date) or inside json_agg (timestamps as ISO
// strings, BIGINT as JSON numbers), so both shapes are accepted and every amount is checked.

export type AccountRow = {
  id: string;
  kind: AccountKind;
  rail: Rail | null;
  currency: string;
  owner_client_id: string | null;
  debits_must_not_exceed_credits: boolean;
  credits_must_not_exceed_debits: boolean;
  debits_pending_minor: number;
  debits_posted_minor: number;
  credits_pending_minor: number;
  credits_posted_minor: number;
  version: number;
  last_entry_at: Date | string | null;
  created_at: Date | string;
  shard_count: number;
  shard_of: string | null;
  frozen: boolean;
};

export type TransferRow = {
  id: string;
  kind: TransferKind;
  linked: boolean;
  debit_account_id: string;
  credit_account_id: string;
  amount_minor: number;
  currency: string;
  code: string;
  reference_type: string;
  reference_id: string;
  pending_id: string | null;
  timeout_seconds: number | null;
  expires_at: Date | string | null;
  event_at: Date | string;
  created_at: Date | string;
};

export const ACCOUNT_COLUMNS = `id, kind, rail, currency, owner_client_id, debits_must_not_exceed_credits,
  credits_must_not_exceed_debits, debits_pending_minor, debits_posted_minor, credits_pending_minor,
  credits_posted_minor, version, last_entry_at, created_at, shard_count, shard_of, frozen`;

export const TRANSFER_COLUMNS = `id, kind, linked, debit_account_id, credit_account_id, amount_minor, currency,
  code, reference_type, reference_id, pending_id, timeout_seconds, expires_at, event_at, created_at`;

export function toDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (!Number.isFinite(date.getTime())) throw new Error(`Unreadable timestamp from the database: ${value}`);
  return date;
}

function toDateOrNull(value: Date | string | null): Date | null {
  return value === null ? null : toDate(value);
}

export function accountFromRow(row: AccountRow): Account {
  const debitsPendingMinor = assertMinorUnits(row.debits_pending_minor);
  const debitsPostedMinor = assertMinorUnits(row.debits_posted_minor);
  const creditsPostedMinor = assertMinorUnits(row.credits_posted_minor);
  return {
    id: row.id,
    kind: row.kind,
    rail: row.rail,
    currency: row.currency,
    ownerClientId: row.owner_client_id,
    flags: {
      debitsMustNotExceedCredits: row.debits_must_not_exceed_credits,
      creditsMustNotExceedDebits: row.credits_must_not_exceed_debits,
    },
    debitsPendingMinor,
    debitsPostedMinor,
    creditsPendingMinor: assertMinorUnits(row.credits_pending_minor),
    creditsPostedMinor,
    // Each total is below 2^53, so these differences are exact.
    balanceMinor: creditsPostedMinor - debitsPostedMinor,
    availableMinor: creditsPostedMinor - debitsPostedMinor - debitsPendingMinor,
    version: assertMinorUnits(row.version),
    lastEntryAt: toDateOrNull(row.last_entry_at),
    createdAt: toDate(row.created_at),
    shardCount: row.shard_count,
    shardOf: row.shard_of,
    frozen: row.frozen,
  };
}

export function transferFromRow(row: TransferRow): Transfer {
  return {
    id: row.id,
    kind: row.kind,
    linked: row.linked,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: assertMinorUnits(row.amount_minor),
    currency: row.currency,
    code: row.code,
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    pendingId: row.pending_id,
    timeoutSeconds: row.timeout_seconds,
    expiresAt: toDateOrNull(row.expires_at),
    eventAt: toDate(row.event_at),
    createdAt: toDate(row.created_at),
  };
}

/** The code an expiry writes on the void_pending transfer it creates. */
export const EXPIRY_TRANSFER_CODE = 'pending_expired';

export function resolutionOf(resolver: Pick<Transfer, 'kind' | 'code' | 'id'>): PendingResolution {
  if (resolver.kind === 'post_pending') return 'posted';
  return resolver.code === EXPIRY_TRANSFER_CODE && resolver.id.startsWith('ledger:') ? 'expired' : 'voided';
}
