import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import { useTestApp } from '../../testing/use-test-app';
import { clientLoginAccounts } from '../clients';
import { recordFailure } from './lockouts';
import { startLogin } from './login-flow';
import { MAX_FAILED_ATTEMPTS } from './session-rules';

// Passwords sent all at once are each checked against the lock as read before their (slow) hash.
// Here the other guesses of such a burst fail while the right one is hashed: the right one must
// then find the address locked, as it would one guess at a time.
const test = useTestApp({ demo: true });
const email = 'private@demo.test';
const meta = { ip: '203.0.113.9', userAgent: undefined, requestId: 'burst' };

describe('a burst of log-in attempts', () => {
  it('locks out a right password once the wrong ones counted during its check reach the limit', async () => {
    const deps = (failuresMeanwhile: number) => ({
      db: test.db,
      clock: systemClock,
      totpBox: createSecretBox(randomBytes(32), 'totp'),
      accounts: {
        ...clientLoginAccounts,
        async findByEmail(...args: Parameters<typeof clientLoginAccounts.findByEmail>) {
          for (let failure = 0; failure < failuresMeanwhile; failure++)
            await recordFailure(test.db, { type: 'client', loginName: email, ip: meta.ip }, new Date());
          return clientLoginAccounts.findByEmail(...args);
        },
      },
    });
    // Fewer failures than the limit: the right password still goes on to the second factor.
    const started = await startLogin(deps(MAX_FAILED_ATTEMPTS - 1), email, 'Demo-password-1', meta);
    expect(started.challenge_id).toEqual(expect.any(String));
    await expect(startLogin(deps(MAX_FAILED_ATTEMPTS), email, 'Demo-password-1', meta)).rejects.toMatchObject(
      {
        code: 'login_locked',
      },
    );
  });
});
