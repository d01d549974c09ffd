import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { createTransfer, ensureSystemAccounts, openClientAccount, systemAccountId } from '../ledger';
import { previousDay, runDailyReconciliation } from './daily-reconciliation';

// docs/reliability.md, T11: the internal reconciliation runs once a day by itself, stores its result,
// logs it, and alerts compliance when it finds a break.
describe('the daily safeguarding reconciliation', () => {
  const { test } = useDemoWorld({});
  const tomorrow = new Date(Date.now() + 86_400_000);
  beforeAll(async () => {
    // Unallocated money in suspense: a break the run must find.
    await ensureSystemAccounts(test.db, 'SEK');
    expect(
      (await openClientAccount(test.db, { id: 'daily-client-sek', ownerClientId: 'c-1', currency: 'SEK' }))
        .ok,
    ).toBe(true);
    const parked = await createTransfer(test.db, {
      kind: 'posted',
      id: 'daily-suspense-1',
      debitAccountId: systemAccountId('SEK', 'safeguarding'),
      creditAccountId: systemAccountId('SEK', 'suspense'),
      amountMinor: 4_200,
      currency: 'SEK',
      code: 'incoming_payment',
      referenceType: 'test',
      referenceId: 'daily-suspense-1',
    });
    expect(parked.ok).toBe(true);
  });

  it('reconciles yesterday once, however often it is asked, and alerts on a break', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() => runDailyReconciliation(test.db, tomorrow).catch((e) => e)),
    );
    const recorded = runs.filter((run) => run.recorded === true);
    expect(recorded).toHaveLength(1);
    const today = previousDay(tomorrow);
    expect(recorded[0]?.date).toBe(today);
    expect((await runDailyReconciliation(test.db, tomorrow)).recorded).toBe(false);

    const rows = await test.db.query<{
      currency: string;
      breaks: { kind: string }[];
      operator_id: string | null;
    }>(
      `SELECT currency, breaks, operator_id FROM safeguarding_reconciliations
       WHERE recorded_by = 'system' AND reconciled_on = $1 ORDER BY currency`,
      [today],
    );
    expect(rows.map((row) => row.currency)).toContain('SEK');
    expect(rows.find((row) => row.currency === 'SEK')?.breaks.map((found) => found.kind)).toContain(
      'unallocated_funds',
    );
    expect(rows.every((row) => row.operator_id === null)).toBe(true);

    const audit = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'system.safeguarding_reconciled' AND object_id = $1`,
      [today],
    );
    expect(audit[0]?.n).toBe(1);
    const alerts = await test.db.query<{ recipient: string }>(
      `SELECT recipient FROM outbox_messages WHERE subject LIKE '%safeguarding reconciliation of ${today}%'`,
    );
    expect(alerts.map((row) => row.recipient).sort()).toEqual(['admin@demo.test', 'compliance@demo.test']);
  });
});
