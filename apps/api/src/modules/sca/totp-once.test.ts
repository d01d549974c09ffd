import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useTestApp } from '../../testing/use-test-app';
import { finishScaClaim } from './strong-authentication';

// A confirmation checks an authenticator code against the client row it was handed (for a kept
// session, the row kept with it), which another confirmation may have spent the code on a moment
// before. Recording the code's step is what refuses the second: its claim rolls back.
const test = useTestApp({ demo: true });

describe('an authenticator code used for two confirmations', () => {
  it('confirms the first and refuses the second, whose claim rolls back', async () => {
    const [client] = await test.db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [
      'private@demo.test',
    ]);
    const verified = (challengeId: string) => ({ challengeId, clientId: client?.id ?? '', totpStep: 3_000 });
    await withTransaction(test.db, (tx) => finishScaClaim(tx, verified(randomUUID()), true));
    await expect(
      withTransaction(test.db, (tx) => finishScaClaim(tx, verified(randomUUID()), true)),
    ).rejects.toMatchObject({ code: 'sca_code_invalid' });
    // A code that is not an authenticator's records nothing and is not refused for it.
    await withTransaction(test.db, (tx) =>
      finishScaClaim(tx, { challengeId: randomUUID(), clientId: client?.id ?? '', totpStep: null }, true),
    );
  });
});
