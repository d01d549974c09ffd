import type { Queryable } from '../../db/database';
import type { CreateTransfersOptions } from '../ledger';
import { DEFAULT_ACCOUNT_CURRENCIES, openCurrencyAccount } from './open-accounts';
import { recordAccountOpeningFee } from './opening-fee';

/**
 * Runs in the approval's transaction: opens the client's account group with its euro and
 * sterling accounts, and records the account-opening fee of the client's region (charged when
 * money arrives, decision 0009).
 */
export async function openAccountsOnApproval(
  tx: Queryable,
  client: { id: string; country: string },
  options: CreateTransfersOptions = {},
): Promise<void> {
  const actor = { actorType: 'system' as const };
  for (const currency of DEFAULT_ACCOUNT_CURRENCIES) {
    await openCurrencyAccount(tx, { clientId: client.id, currency, actor });
  }
  await recordAccountOpeningFee(tx, client, options);
}
