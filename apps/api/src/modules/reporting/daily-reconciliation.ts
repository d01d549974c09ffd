import { brand } from '@bluepeak/core';
import { tryAdvisoryTransactionLock } from '../../db/advisory-lock';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { writeAuditEntry } from '../audit';
import { bankFiguresFor } from '../bank-statements';
import { enqueueMessage } from '../outbox';
import { insertSystemReconciliation, listReconciliationAlertRecipients } from './reconciliation-rows';
import { type Reconciliation, reconcileSafeguarding } from './safeguarding-reconciliation';

// The daily internal safeguarding reconciliation (docs/reliability.md, T11, FCA CASS 15): once a day
// closes (UTC), the system reconciles it by itself, stores the result beside the operators'
// reconciliations, writes it to the audit log and, when it finds a break, e-mails every active
// compliance officer and administrator. The bank's figure for the day is the closing balance
// of the imported camt.053 statement when there is one (bank-statements/bank-figures.ts); an
// operator can still record a reconciliation with figures entered by hand.
const DAY_MS = 86_400_000;

export const previousDay = (now: Date) => new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);

export type DailyRun = { date: string; recorded: boolean; reconciliation?: Reconciliation };

async function store(tx: Queryable, result: Reconciliation): Promise<boolean> {
  let inserted = 0;
  for (const item of result.currencies) {
    const rows = await insertSystemReconciliation(tx, result.date, item);
    inserted += rows.length;
  }
  return inserted > 0;
}

async function alertOperators(tx: Queryable, result: Reconciliation) {
  const lines = result.currencies.flatMap((item) =>
    item.breaks.map(
      (found) => `- ${item.currency} ${found.kind} (${found.amount_minor} minor units): ${found.detail}`,
    ),
  );
  const recipients = await listReconciliationAlertRecipients(tx);
  for (const { email } of recipients) {
    await enqueueMessage(tx, {
      channel: 'email',
      to: email,
      subject: `${brand.trading_name}: safeguarding reconciliation of ${result.date} found ${lines.length} break(s)`,
      text: `The daily internal safeguarding reconciliation of ${result.date} found:\n\n${lines.join('\n')}\n\nSee Reporting in the back office.`,
    });
  }
}

/** Reconciles the day before `now` once; a second call (or process) for that day does nothing. */
export async function runDailyReconciliation(db: Database, now: Date): Promise<DailyRun> {
  const date = previousDay(now);
  return withTransaction(db, async (tx) => {
    // Every process runs this job (docs/decisions/0035): the one holding the day's lock does
    // the work, the others skip it; the unique index on a system row of a day and currency
    // keeps it once even if the lock were ever bypassed.
    if (!(await tryAdvisoryTransactionLock(tx, 'daily-reconciliation', date)))
      return { date, recorded: false };
    const result = await reconcileSafeguarding(tx, date, await bankFiguresFor(tx, date));
    if (result.currencies.length === 0 || !(await store(tx, result))) return { date, recorded: false };
    const breaks = result.currencies.flatMap((item) =>
      item.breaks.map((found) => ({ currency: item.currency, kind: found.kind, amount: found.amount_minor })),
    );
    await writeAuditEntry(tx, {
      actorType: 'system',
      action: 'system.safeguarding_reconciled',
      objectType: 'safeguarding_reconciliation',
      objectId: date,
      details: { ok: result.ok, breaks },
    });
    if (!result.ok) await alertOperators(tx, result);
    return { date, recorded: true, reconciliation: result };
  });
}
