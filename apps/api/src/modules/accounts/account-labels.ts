import { accountDisplayName } from '@bluepeak/core/accounts';
import type { LaggingReader } from '../../db/database';
import { clientAccountNames } from './account-rows';

// How the back office names a client's account instead of its id (docs/requirements/back-office.md):
// by its display name and its group's IBAN, and an account group by its IBAN.

/** "Main (EUR) · DE89 3704 …": the account's display name, then its group's IBAN. */
export function accountLabel(account: { name: string; currency: string; iban: string }): string {
  return `${accountDisplayName(account)} · ${account.iban}`;
}

/**
 * The label of each account or account group among `ids` (a client account's id, its ledger
 * account's id, or a group's id), keyed by the id given; ids that name none are left out.
 */
export async function accountLabels(db: LaggingReader, ids: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (ids.length === 0) return labels;
  for (const account of await clientAccountNames(db, ids)) {
    labels.set(account.id, accountLabel(account));
    labels.set(account.ledger_account_id, accountLabel(account));
    labels.set(account.group_id, account.iban);
  }
  return labels;
}
