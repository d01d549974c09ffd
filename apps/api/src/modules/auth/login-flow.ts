import { RECOVERY_CODE_LENGTH } from '@bluepeak/core';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { writeAuditEntry } from '../audit';
import { enqueueMessage } from '../outbox';
import {
  loginLockedMessage,
  loginSlowedMessage,
  oneTimeCodeMessage,
  recoveryCodeUsedMessage,
} from './auth-messages';
import {
  type ChallengeRow,
  claimChallenge,
  countFailedAttempt,
  retireLiveChallenges,
} from './challenge-rows';
import { codeMatches, createCodeChallenge, findLiveChallenge } from './challenges';
import { assertNotLocked, clearFailures, type LockoutKey, lockedError, recordFailure } from './lockouts';
import type { LoginAccount, LoginAccounts } from './login-accounts';
import { verifyPasswordOrDummy } from './password-hash';
import { findRecoveryCode, useRecoveryCode } from './recovery-codes';
import type { SessionPrincipal } from './session-rows';
import { LOCKOUT_SECONDS, LOGIN_CODE_SECONDS } from './session-rules';
import { createSession } from './sessions';
import { verifyTotp } from './totp';

// Log-in in two steps (docs/requirements/api-contract.md): password, then a one-time code by the
// account's second factor. A wrong password and a wrong code get the same answer
// (docs/reliability.md, T6), and either counts towards the lockout.
export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail, password or code is not correct.';
const invalidCredentials = () => new AppError('invalid_credentials', INVALID_CREDENTIALS_MESSAGE);

export type LoginDeps = { db: Database; clock: Clock; accounts: LoginAccounts; totpBox: SecretBox };
export type RequestMeta = { ip: string; userAgent: string | undefined; requestId: string };

export async function startLogin(deps: LoginDeps, email: string, password: string, meta: RequestMeta) {
  const { db, clock, accounts } = deps;
  await assertNotLocked(db, lockoutKey(deps, email, meta), clock.now());
  const account = await accounts.findByEmail(db, email);
  const passwordMatches = await verifyPasswordOrDummy(password, account?.passwordHash);
  if (!account || !passwordMatches) return failAttempt(deps, email, account, meta);
  // The lock again, once the password is right: it was read before the slow hash, so guesses
  // sent all at once all passed that read, and the failures counted while they were hashed must
  // stop a right one too. That keeps a burst to about the limit, as one guess at a time is.
  await assertNotLocked(db, lockoutKey(deps, email, meta), clock.now());
  if (account.blockedReason === 'email_not_confirmed') {
    throw new AppError('email_not_confirmed', 'Please confirm your e-mail address first', {
      detail:
        'Open the link we e-mailed you when you signed up, or ask for a new one on the confirmation page.',
    });
  }
  if (account.blockedReason === 'disabled') return failAttempt(deps, email, undefined, meta);
  return withTransaction(db, async (tx) => {
    const principal: SessionPrincipal = { type: accounts.principalType, id: account.id };
    // Only the newest log-in code works: an older one still in a mailbox is useless.
    await retireLiveChallenges(tx, principal, 'login', clock.now());
    const challenge = await createCodeChallenge(tx, {
      purpose: 'login',
      principal,
      factor: account.secondFactor,
      lifetimeSeconds: LOGIN_CODE_SECONDS,
      now: clock.now(),
    });
    if (challenge.code !== null) await sendCode(tx, account, challenge.code);
    await writeAuditEntry(tx, {
      actorType: accounts.principalType,
      actorId: account.id,
      action: `${accounts.principalType}.login_password_accepted`,
      requestId: meta.requestId,
      ip: meta.ip,
      details: { factor: account.secondFactor },
    });
    return { challenge_id: challenge.id, factor: account.secondFactor };
  });
}

async function sendCode(tx: Queryable, account: LoginAccount, code: string) {
  const bySms = account.secondFactor === 'sms' && account.phone !== null;
  const message = bySms
    ? oneTimeCodeMessage('sms', account.phone ?? '', code, 'log in')
    : oneTimeCodeMessage('email', account.email, code, 'log in');
  await enqueueMessage(tx, message);
}

function lockoutKey(deps: LoginDeps, email: string, meta: RequestMeta): LockoutKey {
  return { type: deps.accounts.principalType, loginName: email, ip: meta.ip };
}

/** Counts a failure and refuses; the failure that reaches the limit locks and says so. */
async function failAttempt(
  deps: LoginDeps,
  email: string,
  account: LoginAccount | undefined,
  meta: RequestMeta,
): Promise<never> {
  const now = deps.clock.now();
  const lock = await recordFailure(deps.db, lockoutKey(deps, email, meta), now);
  if (!lock) throw invalidCredentials();
  if (account && lock.startedNow) {
    await withTransaction(deps.db, async (tx) => {
      await enqueueMessage(
        tx,
        lock.scope === 'ip'
          ? loginLockedMessage(account.email, LOCKOUT_SECONDS / 60)
          : loginSlowedMessage(account.email),
      );
      await writeAuditEntry(tx, {
        actorType: 'system',
        action: `${deps.accounts.principalType}.login_locked`,
        objectType: deps.accounts.principalType,
        objectId: account.id,
        ip: meta.ip,
        details: { scope: lock.scope },
      });
    });
  }
  throw lockedError(lock.lockedUntil, now);
}

export async function verifyLogin(deps: LoginDeps, challengeId: string, code: string, meta: RequestMeta) {
  const { db, clock, accounts } = deps;
  const challenge = await findLiveChallenge(db, challengeId, 'login', clock.now());
  const principalId = challenge?.client_id ?? challenge?.operator_id;
  if (!challenge || challenge.principal_type !== accounts.principalType || !principalId)
    throw invalidCredentials();
  const account = await accounts.findById(db, principalId);
  if (!account) throw invalidCredentials();
  await assertNotLocked(db, lockoutKey(deps, account.email, meta), clock.now());
  const principal: SessionPrincipal = { type: accounts.principalType, id: account.id };
  const proof = await checkCode(deps, challenge, account, principal, code);
  if (!proof) {
    await countFailedAttempt(db, challenge.id);
    return failAttempt(deps, account.email, account, meta);
  }
  return withTransaction(db, async (tx) => {
    if (!(await claimChallenge(tx, challenge.id, clock.now()))) throw invalidCredentials();
    // A code another log-in used meanwhile rolls the claim back.
    if (proof.totpStep !== null && !(await accounts.saveTotpStep(tx, account.id, proof.totpStep)))
      throw invalidCredentials();
    const recovery =
      proof.recoveryCodeId === null
        ? null
        : await useRecoveryCode(tx, principal, proof.recoveryCodeId, clock.now());
    if (proof.recoveryCodeId !== null && !recovery) throw invalidCredentials();
    await clearFailures(tx, accounts.principalType, account.email, meta.ip);
    const session = await createSession(tx, principal, clock.now(), meta);
    await writeAuditEntry(tx, {
      actorType: accounts.principalType,
      actorId: account.id,
      action: `${accounts.principalType}.logged_in`,
      objectType: 'session',
      objectId: session.sessionId,
      requestId: meta.requestId,
      ip: meta.ip,
    });
    if (recovery) await recoveryCodeUsed(tx, principal, account, recovery.remaining, meta);
    return session;
  });
}

/** What proved the code right: an authenticator's step, or the recovery code to use up. */
type CodeProof = { totpStep: number | null; recoveryCodeId: string | null };

async function checkCode(
  deps: LoginDeps,
  challenge: ChallengeRow,
  account: LoginAccount,
  principal: SessionPrincipal,
  code: string,
): Promise<CodeProof | null> {
  if (challenge.factor !== 'totp')
    return codeMatches(challenge, code) ? { totpStep: null, recoveryCodeId: null } : null;
  // Where the app's code is asked, one of its recovery codes is taken instead (core's
  // loginCodeSchema tells the two apart by their length).
  if (code.length === RECOVERY_CODE_LENGTH) {
    const id = await findRecoveryCode(deps.db, principal, code);
    return id === undefined ? null : { totpStep: null, recoveryCodeId: id };
  }
  const totpStep = checkTotp(deps, account, code);
  return totpStep === null ? null : { totpStep, recoveryCodeId: null };
}

/** The owner hears at once that a recovery code let someone in, and how many are left. */
async function recoveryCodeUsed(
  tx: Queryable,
  principal: SessionPrincipal,
  account: LoginAccount,
  remaining: number,
  meta: RequestMeta,
) {
  await enqueueMessage(tx, recoveryCodeUsedMessage(account.email, remaining));
  await writeAuditEntry(tx, {
    actorType: principal.type,
    actorId: principal.id,
    action: `${principal.type}.recovery_code_used`,
    objectType: principal.type,
    objectId: principal.id,
    requestId: meta.requestId,
    ip: meta.ip,
    details: { remaining },
  });
}

function checkTotp(deps: LoginDeps, account: LoginAccount, code: string): number | null {
  if (!account.totpSecretSealed) return null;
  const secret = deps.totpBox.open(account.totpSecretSealed);
  return verifyTotp(secret, code, deps.clock.now(), account.totpLastStep);
}
