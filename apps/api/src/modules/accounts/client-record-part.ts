import type { Queryable } from '../../db/database';
import type { ClientRecordParts } from '../clients';
import { clientCurrencies } from './account-rows';
import { listOwedFees } from './owed-fees';
import { listAccountGroups } from './read-accounts';

/** The client record's accounts part (the clients module's `clientRecordParts` hook). */
export async function addAccountsToClientRecord(
  db: Queryable,
  clientId: string,
  parts: ClientRecordParts,
): Promise<void> {
  parts.accounts = {
    groups: await listAccountGroups(db, clientId),
    currencies: await clientCurrencies(db, clientId),
    owedFees: await listOwedFees(db, clientId),
  };
}
