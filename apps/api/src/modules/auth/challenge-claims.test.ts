import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useTestApp } from '../../testing/use-test-app';
import { claimChallenge, countFailedAttempt } from './challenge-rows';
import { createCodeChallenge } from './challenges';
import { MAX_FAILED_ATTEMPTS } from './session-rules';

// A challenge dies after five wrong codes. A right code is checked against the challenge as read
// a moment before, so guesses sent at once all pass that read's count: the claim counts again.
const test = useTestApp({ demo: true });

describe('claiming a challenge', () => {
  it('refuses a right code once the wrong ones counted meanwhile reach the limit', async () => {
    const [client] = await test.db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [
      'private@demo.test',
    ]);
    const now = new Date();
    const challenge = () =>
      withTransaction(test.db, (tx) =>
        createCodeChallenge(tx, {
          purpose: 'payment',
          principal: { type: 'client', id: client?.id ?? '' },
          factor: 'sms',
          lifetimeSeconds: 300,
          now,
        }),
      );
    const exhausted = await challenge();
    const lastChance = await challenge();
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++)
      await countFailedAttempt(test.db, exhausted.id);
    for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++)
      await countFailedAttempt(test.db, lastChance.id);
    expect(await withTransaction(test.db, (tx) => claimChallenge(tx, exhausted.id, now))).toBe(false);
    expect(await withTransaction(test.db, (tx) => claimChallenge(tx, lastChance.id, now))).toBe(true);
    // Single use still holds.
    expect(await withTransaction(test.db, (tx) => claimChallenge(tx, lastChance.id, now))).toBe(false);
  });
});
