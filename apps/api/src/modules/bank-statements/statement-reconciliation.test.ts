import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { previousDay, reconcileSafeguarding, runDailyReconciliation } from '../reporting';
import { bankFiguresFor } from './bank-figures';
import { CREDITS_PER_TRANSACTION } from './import-statement';
import { buildCamt053, decimal } from './testing/camt053-builder';
import { type DemoClient, demoClient, post, uploadStatement } from './testing/statement-fixtures';

// Every credit reconciles with the bank: the imported statement's closing booked balance is the
// bank's figure in the daily safeguarding reconciliation. A statement whose credits are all
// booked leaves no bank mismatch; a credit the bank holds but the ledger has not booked is one.
const OURS = 'GB33BUKB20201555555555';
const DAY = 86_400_000;
const { test, sessions } = useDemoWorld({ sessions: { payments: ['payments@demo.test', true] } });
let business: DemoClient;

const ledgerEur = async (date: string) =>
  (await reconcileSafeguarding(test.db, date)).currencies.find((item) => item.currency === 'EUR')
    ?.safeguarding_ledger_minor ?? 0;
const eurOf = (run: Awaited<ReturnType<typeof runDailyReconciliation>>) =>
  run.reconciliation?.currencies.find((item) => item.currency === 'EUR');

beforeAll(async () => {
  business = await demoClient(test.db, 'business@demo.test');
});

describe('reconciliation with the imported statement', () => {
  it('finds no bank mismatch when every credit in the statement is booked', async () => {
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const opening = await ledgerEur(date);
    const xml = buildCamt053({
      messageId: 'REC-1',
      date,
      accountIban: OURS,
      opening: decimal(opening),
      closing: decimal(opening + 12_345 + 70_000),
      credits: [
        { reference: 'REC-A', amount: '123.45', creditorIban: business.iban },
        { reference: 'REC-B', amount: '700.00', creditorIban: business.iban },
      ],
    });
    const imported = await uploadStatement(test.app, sessions.payments, xml);
    expect(imported.json().data.credits_booked, imported.body).toBe(2);
    expect(await bankFiguresFor(test.db, date)).toEqual(new Map([['EUR', opening + 82_345]]));

    const run = await runDailyReconciliation(test.db, new Date(now.getTime() + DAY));
    expect(run.date).toBe(date);
    const eur = eurOf(run);
    expect(eur?.bank_balance_minor).toBe(opening + 82_345);
    expect(eur?.safeguarding_ledger_minor).toBe(opening + 82_345);
    expect(eur?.breaks.map((found) => found.kind)).not.toContain('bank_mismatch');
    const [stored] = await test.db.query<{ bank_balance_minor: number }>(
      `SELECT bank_balance_minor FROM safeguarding_reconciliations
       WHERE recorded_by = 'system' AND reconciled_on = $1 AND currency = 'EUR'`,
      [date],
    );
    expect(stored?.bank_balance_minor).toBe(opening + 82_345);

    // A reconciliation an operator records without typing the bank's figure uses the statement's.
    const recorded = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/reports/safeguarding',
      headers: sessions.payments.headers,
      payload: { date },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const recordedEur = recorded
      .json()
      .data.currencies.find((item: { currency: string }) => item.currency === 'EUR');
    expect(recordedEur).toMatchObject({ bank_balance_minor: opening + 82_345 });
    expect(recordedEur.breaks.map((found: { kind: string }) => found.kind)).not.toContain('bank_mismatch');
  });

  it('imports a file larger than one transaction in chunks, and its figure still reconciles', async () => {
    const date = new Date().toISOString().slice(0, 10);
    const count = CREDITS_PER_TRANSACTION * 2 + 50;
    const credits = Array.from({ length: count }, (_, index) => ({
      reference: `CHUNK-${index}`,
      amount: '30.00',
      creditorIban: business.iban,
    }));
    const before = await ledgerEur(date);
    const xml = buildCamt053({ messageId: 'REC-CHUNKS', date, accountIban: OURS, opening: '0.00', credits });
    const imported = await uploadStatement(test.app, sessions.payments, xml);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toMatchObject({ credits_booked: count, credits_unmatched: 0 });
    expect(await ledgerEur(date)).toBe(before + count * 3_000);
    const again = await uploadStatement(test.app, sessions.payments, xml);
    expect(again.json().data).toMatchObject({ credits_booked: 0, credits_duplicate: count });
    expect(await ledgerEur(date)).toBe(before + count * 3_000);
  }, 120_000);

  it('reports a break for a credit the bank holds that the ledger has not booked', async () => {
    const now = new Date();
    // The next day's statement: the ledger's end of that day is what it holds now.
    const later = new Date(now.getTime() + DAY);
    const date = later.toISOString().slice(0, 10);
    const opening = await ledgerEur(date);
    const xml = buildCamt053({
      messageId: 'REC-2',
      date,
      accountIban: OURS,
      opening: decimal(opening),
      closing: decimal(opening + 5_000),
      credits: [{ reference: 'REC-C', amount: '50.00', creditorIban: 'DE89370400440532013000' }],
    });
    const imported = await uploadStatement(test.app, sessions.payments, xml);
    expect(imported.json().data.credits_unmatched, imported.body).toBe(1);

    const run = await runDailyReconciliation(test.db, new Date(later.getTime() + DAY));
    expect(run.date).toBe(previousDay(new Date(later.getTime() + DAY)));
    const mismatch = eurOf(run)?.breaks.find((found) => found.kind === 'bank_mismatch');
    expect(mismatch?.amount_minor).toBe(5_000);
    const [alert] = await test.db.query<{ subject: string }>(
      `SELECT subject FROM outbox_messages WHERE subject LIKE '%${date}%' LIMIT 1`,
    );
    expect(alert?.subject).toMatch(/break/);

    // Once an operator assigns the credit, the ledger holds what the bank holds.
    const id = imported.json().data.credits[0].id;
    const assigned = await post(test.app, sessions.payments, `/credits/${id}/assign`, {
      iban: business.iban,
    });
    expect(assigned.json().data.status, assigned.body).toBe('resolved');
    const again = await reconcileSafeguarding(test.db, date, await bankFiguresFor(test.db, date));
    const eur = again.currencies.find((item) => item.currency === 'EUR');
    expect(eur?.breaks.map((found) => found.kind)).not.toContain('bank_mismatch');
  });
});
