import type { Queryable } from '../../db/database';
import { postedBalancesAround } from '../ledger';
import { notifyClient } from '../notifications';
import { enqueueMessage, isUnsubscribed } from '../outbox';
import { dayMonthYear } from './formats/format-tools';
import { findClientEmail, insertMonthlyStatement } from './monthly-statement-rows';

// Monthly statements (docs/requirements/statements.md): on the first of each month every
// account gets its statement of the month before, kept as a row with its balances and listed
// on /dashboard/statements; its file is written from the ledger when downloaded (a past month
// of the ledger never changes). The client is told once per month, in the notifications panel
// and by e-mail unless its address chose no more e-mail (the unsubscribe list).

/** The first day and the last day of a month YYYY-MM, as YYYY-MM-DD. */
export function monthDays(month: string): { from: string; to: string; start: Date; end: Date } {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const last = new Date(end.getTime() - 86_400_000);
  return { from: `${month}-01`, to: last.toISOString().slice(0, 10), start, end };
}

/** A month's days as the screens write dates (DD-MM-YYYY, docs/requirements/public-site.md). */
function period(month: string): string {
  const { from, to } = monthDays(month);
  return `${dayMonthYear(new Date(`${from}T00:00:00Z`))} to ${dayMonthYear(new Date(`${to}T00:00:00Z`))}`;
}

/** Records the month's statement of each account (once; a second call adds nothing) and tells the client. */
export async function recordMonthlyStatements(
  tx: Queryable,
  clientId: string,
  accounts: readonly { id: string; ledger_account_id: string }[],
  month: string,
  options: { notify?: boolean } = {},
): Promise<number> {
  const { start, end } = monthDays(month);
  let added = 0;
  for (const account of accounts) {
    const balances = await postedBalancesAround(tx, account.ledger_account_id, { from: start, to: end });
    if (!balances) throw new Error(`Client account ${account.id} has no ledger account`);
    const inserted = await insertMonthlyStatement(tx, {
      clientId,
      accountId: account.id,
      month,
      openingMinor: balances.openingMinor,
      closingMinor: balances.closingMinor,
    });
    added += inserted.length;
  }
  if (added > 0 && options.notify !== false) {
    await notifyClient(tx, {
      clientId,
      kind: 'statement_ready',
      title: 'Your monthly statements are ready',
      body: `The statements of ${period(month)} are ready on the Statements page.`,
      params: { month },
    });
    await announceByEmail(tx, clientId, month);
  }
  return added;
}

/** The e-mail of the same news, queued in the same transaction; none for an unsubscribed address. */
async function announceByEmail(tx: Queryable, clientId: string, month: string): Promise<void> {
  const client = await findClientEmail(tx, clientId);
  if (!client?.email || (await isUnsubscribed(tx, client.email))) return;
  await enqueueMessage(tx, {
    channel: 'email',
    to: client.email,
    subject: `Your statements of ${month} are ready`,
    text: `The statements of your accounts for ${month} are ready. Download them on the Statements page of your dashboard, as PDF, CSV, Excel, camt.053 or MT940.`,
  });
}
