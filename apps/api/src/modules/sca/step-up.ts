import type { StepUpAction, StepUpProof } from '@bluepeak/core';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { writeAuditEntry } from '../audit';
import {
  assertNotLocked,
  claimChallenge,
  codeMatches,
  countFailedAttempt,
  createCodeChallenge,
  findClientChallenge,
  LOCKOUT_SECONDS,
  type LockoutKey,
  lockedError,
  loginLockedMessage,
  loginSlowedMessage,
  MAX_FAILED_ATTEMPTS,
  oneTimeCodeMessage,
  recordFailure,
  recordTotpStep,
  retireLiveChallenges,
  verifyPassword,
  verifyTotp,
} from '../auth';
import { enqueueMessage } from '../outbox';
import { factorOf, SCA_CODE_SECONDS, type ScaChallenge, type ScaClient } from './issue-sca-challenge';
import { SCA_CODE_INVALID_MESSAGE } from './strong-authentication';

// Step-up authentication for security settings (docs/security-settings.md). A session alone
// never changes the password or a factor: the change needs the current password AND a code
// from the CURRENT factor (the authenticator app when one is set up, else a code by the
// current channel), issued for that one kind of change. Wrong passwords and wrong codes count
// towards the log-in lockout of the client's address and IP; five wrong codes kill the code.
const WHAT: Record<StepUpAction, string> = {
  password_change: 'change your password',
  second_factor: 'change how you receive log-in codes',
  totp_setup: 'set up a new authenticator app',
  email_change: 'change your log-in e-mail address',
  phone_change: 'change your log-in phone number',
  recovery_codes: 'make new recovery codes',
};

export async function issueStepUp(
  tx: Queryable,
  client: ScaClient,
  action: StepUpAction,
  now: Date,
): Promise<ScaChallenge> {
  const principal = { type: 'client' as const, id: client.id };
  await retireLiveChallenges(tx, principal, 'step_up', now);
  const factor = factorOf(client);
  const challenge = await createCodeChallenge(tx, {
    purpose: 'step_up',
    principal,
    factor,
    lifetimeSeconds: SCA_CODE_SECONDS,
    now,
    context: { action },
  });
  if (challenge.code !== null) {
    const channel = factor === 'sms' ? 'sms' : 'email';
    const to = channel === 'sms' ? client.phone : client.email;
    await enqueueMessage(tx, oneTimeCodeMessage(channel, to, challenge.code, WHAT[action]));
  }
  const expiresAt = new Date(now.getTime() + SCA_CODE_SECONDS * 1000);
  return { challenge_id: challenge.id, factor, expires_at: expiresAt.toISOString() };
}

export type StepUpCheck = {
  client: ScaClient;
  action: StepUpAction;
  proof: StepUpProof;
  now: Date;
  ip: string;
  requestId: string;
  totpBox: SecretBox;
};
export type VerifiedStepUp = { challengeId: string; clientId: string; totpStep: number | null };

const passwordRefused = () =>
  new AppError('current_password_incorrect', 'The current password is not correct', {
    detail: 'The current password is not correct.',
  });
const codeRefused = () =>
  new AppError('sca_code_invalid', SCA_CODE_INVALID_MESSAGE, { detail: SCA_CODE_INVALID_MESSAGE });
const codeBlocked = () =>
  new AppError('sca_code_blocked', 'Too many wrong codes. Ask for a new code.', {
    detail: 'Too many wrong codes. Ask for a new code.',
  });

/**
 * Checks the proof outside any transaction, so failures stick whatever happens next. 422 for a
 * wrong password (it must not log the client out), 423 `login_locked` once the lockout holds.
 * The caller claims the code inside its own transaction (`claimStepUp`): it works once.
 */
export async function verifyStepUp(db: Database, check: StepUpCheck): Promise<VerifiedStepUp> {
  const key: LockoutKey = { type: 'client', loginName: check.client.email, ip: check.ip };
  await assertNotLocked(db, key, check.now);
  if (!(await verifyPassword(check.proof.current_password, check.client.password_hash))) {
    await countFailure(db, check, key);
    throw passwordRefused();
  }
  const row = await findClientChallenge(db, check.client.id, check.proof.step_up_challenge_id, 'step_up');
  if (!row || row.used_at || row.expires_at <= check.now) throw codeRefused();
  if (row.attempts >= MAX_FAILED_ATTEMPTS) throw codeBlocked();
  const bound = (row.context as { action?: string }).action === check.action;
  const totpStep = row.factor === 'totp' ? currentTotpStep(check) : null;
  const correct = row.factor === 'totp' ? totpStep !== null : codeMatches(row, check.proof.step_up_code);
  if (!bound || !correct) {
    await countFailedAttempt(db, row.id);
    await countFailure(db, check, key);
    if (row.attempts + 1 >= MAX_FAILED_ATTEMPTS) throw codeBlocked();
    throw codeRefused();
  }
  return { challengeId: row.id, clientId: check.client.id, totpStep };
}

export async function claimStepUp(tx: Queryable, verified: VerifiedStepUp, now: Date): Promise<void> {
  if (!(await claimChallenge(tx, verified.challengeId, now))) throw codeRefused();
  // A code another request used meanwhile rolls the claim back.
  if (
    verified.totpStep !== null &&
    !(await recordTotpStep(tx, 'client', verified.clientId, verified.totpStep))
  )
    throw codeRefused();
}

function currentTotpStep(check: StepUpCheck): number | null {
  const sealed = check.client.totp_confirmed_at ? check.client.totp_secret_encrypted : null;
  if (!sealed) return null;
  return verifyTotp(
    check.totpBox.open(sealed),
    check.proof.step_up_code,
    check.now,
    check.client.totp_last_counter,
  );
}

/** Counts towards the lockout; the failure that locks tells the owner and refuses with 423. */
async function countFailure(db: Database, check: StepUpCheck, key: LockoutKey): Promise<void> {
  const lock = await recordFailure(db, key, check.now);
  if (!lock) return;
  if (lock.startedNow) {
    await withTransaction(db, async (tx) => {
      const to = check.client.email;
      await enqueueMessage(
        tx,
        lock.scope === 'ip' ? loginLockedMessage(to, LOCKOUT_SECONDS / 60) : loginSlowedMessage(to),
      );
      await writeAuditEntry(tx, {
        actorType: 'system',
        action: 'client.login_locked',
        objectType: 'client',
        objectId: check.client.id,
        requestId: check.requestId,
        ip: check.ip,
        details: { scope: lock.scope, during: check.action },
      });
    });
  }
  throw lockedError(lock.lockedUntil, check.now);
}
