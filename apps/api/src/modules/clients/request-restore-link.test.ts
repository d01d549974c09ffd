import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { signUpAndConfirm } from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { requestRestoreLink } from './request-restore-link';

// /restore must not tell, by its timing, whether an address has an account: a known and an
// unknown address run the very same statements (not a timing test: a count of the work).
describe('asking for a restore link', () => {
  const test = useTestApp({
    setUp: async () => {
      await signUpAndConfirm(test.app, 'known@example.test');
    },
  });

  const recorded = async (email: string) => {
    const statements: string[] = [];
    const recorder: Queryable = {
      query: (sql, params) => {
        statements.push(sql.replace(/\s+/g, ' ').trim());
        return test.db.query(sql, params);
      },
      exec: (sql) => test.db.exec(sql),
    };
    await requestRestoreLink(recorder, email, new Date(), (secret) => `http://localhost/#/restore/${secret}`);
    return statements;
  };

  it('runs the same statements for a known and an unknown address', async () => {
    const known = await recorded('known@example.test');
    const unknown = await recorded('stranger@example.test');
    expect(known.length).toBeGreaterThanOrEqual(4);
    expect(unknown).toEqual(known);
    const [outbox] = await test.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM outbox_messages WHERE recipient IN ('known@example.test', 'stranger@example.test')
         AND subject LIKE '%set a new password'`,
    );
    // Only the known address gets the e-mail.
    expect(outbox?.count).toBe(1);
  });
});
