import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { waitForLockWaiters } from '../../testing/lock-waiters';
import { useTestApp } from '../../testing/use-test-app';
import { clientLoginAccounts } from '../clients';
import { operatorLoginAccounts } from '../operators';
import { recordTotpStep } from './totp-step-rows';

// An authenticator code is good once: its step is recorded only when it is later than the last
// one recorded, so a second use of the same code (or of an older one) finds it spent, even when
// both were checked against the same row before either was recorded.
const test = useTestApp({ demo: true });
const idOf = async (table: 'clients' | 'operators', email: string) =>
  (await test.db.query<{ id: string }>(`SELECT id FROM ${table} WHERE email = $1`, [email]))[0]?.id ?? '';
const lastStep = async (db: Queryable, id: string) =>
  (
    await db.query<{ step: number | null }>('SELECT totp_last_counter AS step FROM clients WHERE id = $1', [
      id,
    ])
  )[0]?.step;

describe('recording an authenticator code’s step', () => {
  it('records a later step only, for clients and operators alike', async () => {
    const client = await idOf('clients', 'private@demo.test');
    const operator = await idOf('operators', 'admin@demo.test');
    for (const [principal, id] of [
      ['client', client],
      ['operator', operator],
    ] as const) {
      expect(await recordTotpStep(test.db, principal, id, 1_000)).toBe(true);
      expect(await recordTotpStep(test.db, principal, id, 1_000)).toBe(false);
      expect(await recordTotpStep(test.db, principal, id, 999)).toBe(false);
      expect(await recordTotpStep(test.db, principal, id, 1_001)).toBe(true);
    }
    expect(await lastStep(test.db, client)).toBe(1_001);
    // The log-in's readers use the same rule.
    expect(await clientLoginAccounts.saveTotpStep(test.db, client, 1_001)).toBe(false);
    expect(await clientLoginAccounts.saveTotpStep(test.db, client, 1_002)).toBe(true);
    expect(await operatorLoginAccounts.saveTotpStep(test.db, operator, 1_001)).toBe(false);
    expect(await operatorLoginAccounts.saveTotpStep(test.db, operator, 1_002)).toBe(true);
  });

  it('lets one of two transactions that record the same step at once have it', async (context) => {
    if (test.db.driver !== 'postgres') return context.skip();
    const client = await idOf('clients', 'business@demo.test');
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let recorded: boolean | undefined;
    const first = withTransaction(test.db, async (tx) => {
      recorded = await recordTotpStep(tx, 'client', client, 2_000);
      await held;
    });
    await vi.waitFor(() => expect(recorded).toBe(true));
    const second = withTransaction(test.db, (tx) => recordTotpStep(tx, 'client', client, 2_000));
    try {
      // The second waits on the first's row lock, then finds the step spent.
      await waitForLockWaiters(test.db, 'totp_last_counter', 1);
    } finally {
      commit();
    }
    await first;
    expect(await second).toBe(false);
    expect(await lastStep(test.db, client)).toBe(2_000);
  });
});
