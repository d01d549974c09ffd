import type { ClientStatementQuery } from '@bluepeak/core/accounts';
import type { LaggingReader } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findAccountGroupOfClient, findClientAccount, listClientAccountRows } from '../accounts';
import { clientDisplayName, findClientById } from '../clients';
import { openStatements, type StatementAccount, type StatementDocument } from './statement-entries';

/**
 * The client's own accounts as a statement names them: the one asked for, or every open account
 * of the client when none is (docs/requirements/statements.md). Another client's account id is a
 * 404, exactly like one that does not exist (docs/requirements/security.md).
 */
export async function findStatementAccounts(
  db: LaggingReader,
  clientId: string,
  accountId: string | undefined,
): Promise<StatementAccount[]> {
  const [rows, group, client] = await Promise.all([
    accountId === undefined
      ? listClientAccountRows(db, clientId)
      : findClientAccount(db, clientId, accountId).then((row) => (row ? [row] : [])),
    findAccountGroupOfClient(db, clientId),
    findClientById(db, clientId),
  ]);
  if (rows.length === 0 || !group || !client) throw notFound('Account');
  // docs/requirements/security.md: statements are for approved clients only.
  if (client.status !== 'APPROVED') {
    throw new AppError('client_not_approved', 'Statements are open once your application is approved');
  }
  return rows.map((row) => ({
    accountId: row.id,
    ledgerAccountId: row.ledger_account_id,
    currency: row.currency,
    name: row.name,
    iban: group.iban,
    bic: group.bic,
    holderName: clientDisplayName(client),
  }));
}

/** The statement a request asks for: one account's, or all of the client's accounts'. */
export async function openClientStatement(
  db: LaggingReader,
  clientId: string,
  query: Omit<ClientStatementQuery, 'format'>,
  now: Date,
): Promise<StatementDocument> {
  const accounts = await findStatementAccounts(db, clientId, query.account_id);
  const allAccounts = query.account_id === undefined;
  return openStatements(db, accounts, { from: query.from, to: query.to, now, allAccounts });
}
