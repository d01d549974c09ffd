import { assertMinorUnits } from '@bluepeak/core';
import type { Statement } from '@bluepeak/core/accounts';
import { parseStatementDay } from '@bluepeak/core/accounts';
import type { LaggingReader } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { getAccountStatement, MAX_STATEMENT_ENTRIES } from '../ledger';
import type { ClientAccountRow } from './account-rows';
import { accountSummary, entryOf } from './read-accounts';

const DAY_MS = 86_400_000;

/**
 * GET /client/accounts/{id}/statement: the account's posted lines between two days (UTC, both
 * included), straight from the ledger's entries, so the opening and closing balances and every
 * running balance are the ledger's own. Holds are not lines: they move no money until posted.
 */
export async function readStatement(
  db: LaggingReader,
  row: ClientAccountRow,
  period: { from: string; to: string },
): Promise<Statement> {
  const from = parseStatementDay(period.from);
  const lastDay = parseStatementDay(period.to);
  if (!from || !lastDay) throw new Error('statement days are validated by the route schema');
  const statement = await getAccountStatement(db, row.ledger_account_id, {
    from,
    to: new Date(lastDay.getTime() + DAY_MS),
    limit: MAX_STATEMENT_ENTRIES,
  });
  if (!statement) throw new Error(`Client account ${row.id} has no ledger account`);
  if (statement.truncated) {
    const message = `This period holds more than ${MAX_STATEMENT_ENTRIES} lines; choose a shorter one`;
    throw new AppError('statement_too_long', message, { detail: message });
  }
  const lines = statement.entries.filter((entry) => entry.postedAmountMinor > 0);
  const total = (side: 'credit' | 'debit') =>
    assertMinorUnits(
      lines.filter((line) => line.side === side).reduce((sum, line) => sum + line.postedAmountMinor, 0),
    );
  return {
    account: await accountSummary(db, row),
    from: period.from,
    to: period.to,
    opening_balance: statement.openingBalanceMinor,
    closing_balance: statement.closingBalanceMinor,
    total_credits: total('credit'),
    total_debits: total('debit'),
    transactions: { data: lines.map(entryOf) },
  };
}
