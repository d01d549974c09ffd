import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findAccountGroupOfClient, findClientAccount } from '../accounts';
import { clientDisplayName, findClientById } from '../clients';
import type { StatementAccount } from './statement-lines';

/**
 * The client's own account as a statement names it. Another client's account id is a 404,
 * exactly like one that does not exist (docs/requirements/security.md).
 */
export async function findStatementAccount(
  db: Queryable,
  clientId: string,
  accountId: string,
): Promise<StatementAccount> {
  const [row, group, client] = await Promise.all([
    findClientAccount(db, clientId, accountId),
    findAccountGroupOfClient(db, clientId),
    findClientById(db, clientId),
  ]);
  if (!row || !group || !client) throw notFound('Account');
  // docs/requirements/security.md: statements are for approved clients only.
  if (client.status !== 'APPROVED') {
    throw new AppError('client_not_approved', 'Statements are open once your application is approved');
  }
  return {
    accountId: row.id,
    ledgerAccountId: row.ledger_account_id,
    currency: row.currency,
    name: row.name,
    iban: group.iban,
    bic: group.bic,
    holderName: clientDisplayName(client),
  };
}
