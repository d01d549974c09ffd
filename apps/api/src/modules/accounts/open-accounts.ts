import { randomInt } from 'node:crypto';
import { brand } from '@bluepeak/core';
import { composeUkIban } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { ensureSystemAccounts, openClientAccount } from '../ledger';
import { type AccountGroupRow, findAccountGroupOfClient, insertAccountGroup } from './account-group-rows';
import { type ClientAccountRow, findClientAccountByCurrency, insertClientAccount } from './account-rows';

// Opening a client's account group and its currency accounts. The group gets a UK IBAN under
// the operator's bank code and sort code (brand config) with a random 8-digit account number;
// each currency account is a ledger account opened through the ledger's own function. Both are
// idempotent: opening what exists returns it, so a retried approval or request is harmless.

/** The currencies every approved client starts with: euro for SEPA, sterling for Faster Payments. */
export const DEFAULT_ACCOUNT_CURRENCIES = ['EUR', 'GBP'] as const;
export const DEFAULT_ACCOUNT_NAME = 'Current account';
const MAX_NUMBER_ATTEMPTS = 20;

export type Actor = Pick<AuditEntry, 'actorType' | 'actorId' | 'requestId' | 'ip'>;

/** The ledger id of a client's account in a currency: fixed, so a retry opens the same one. */
export function ledgerAccountIdFor(clientId: string, currency: string): string {
  return `client:${clientId}:${currency}`;
}

export async function ensureAccountGroup(
  tx: Queryable,
  clientId: string,
  actor: Actor,
): Promise<AccountGroupRow> {
  const existing = await findAccountGroupOfClient(tx, clientId);
  if (existing) return existing;
  const { bank } = brand;
  for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
    const accountNumber = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const iban = composeUkIban({ bankCode: bank.iban_bank_code, sortCode: bank.sort_code, accountNumber });
    const row = await insertAccountGroup(tx, {
      clientId,
      iban,
      bic: bank.bic,
      sortCode: bank.sort_code,
      accountNumber,
    });
    if (row) {
      await writeAuditEntry(tx, {
        ...actor,
        action: 'account.group_opened',
        objectType: 'account_group',
        objectId: row.id,
        details: { client_id: clientId },
      });
      return row;
    }
    const raced = await findAccountGroupOfClient(tx, clientId);
    if (raced) return raced;
  }
  throw new Error('No free account number found: the number space is nearly full');
}

export type OpenedAccount = { account: ClientAccountRow; group: AccountGroupRow; created: boolean };

/** Opens the client's account in `currency` (with its group if need be), or returns the one it has. */
export async function openCurrencyAccount(
  tx: Queryable,
  input: { clientId: string; currency: string; name?: string | undefined; actor: Actor },
): Promise<OpenedAccount> {
  const group = await ensureAccountGroup(tx, input.clientId, input.actor);
  const existing = await findClientAccountByCurrency(tx, input.clientId, input.currency);
  if (existing) return { account: existing, group, created: false };
  await ensureSystemAccounts(tx, input.currency);
  const ledgerAccountId = ledgerAccountIdFor(input.clientId, input.currency);
  const opened = await openClientAccount(tx, {
    id: ledgerAccountId,
    ownerClientId: input.clientId,
    currency: input.currency,
  });
  // Every input here is ours, so a refusal is a bug, not a client's mistake.
  if (!opened.ok) throw new Error(`The ledger refused to open ${ledgerAccountId}: ${opened.code}`);
  const row = await insertClientAccount(tx, {
    groupId: group.id,
    clientId: input.clientId,
    currency: input.currency,
    name: input.name ?? DEFAULT_ACCOUNT_NAME,
    ledgerAccountId,
  });
  if (!row) {
    const raced = await findClientAccountByCurrency(tx, input.clientId, input.currency);
    if (!raced) throw new Error('client account vanished while opening it');
    return { account: raced, group, created: false };
  }
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'account.opened',
    objectType: 'client_account',
    objectId: row.id,
    details: { client_id: input.clientId, currency: input.currency, ledger_account_id: ledgerAccountId },
  });
  return { account: row, group, created: true };
}
