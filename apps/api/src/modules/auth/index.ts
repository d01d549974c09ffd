// Authentication: passwords, one-time codes and links, sessions and the guard that resolves who
// is calling a route, lockouts, TOTP, ALTCHA, and the log-in flow's routes.

import type { ModuleManifest } from '../../lib/module-manifest';
import { sessionAuthPlugin } from './session-guard';

export { altchaKeys, createAltchaChallenge, verifyAltchaPayload } from './altcha';
export {
  addressInUseMessage,
  alreadyRegisteredMessage,
  authenticatorChangedMessage,
  codeChannelChangedMessage,
  confirmEmailMessage,
  decisionMessage,
  loginContactChangedMessage,
  loginLockedMessage,
  loginSlowedMessage,
  oneTimeCodeMessage,
  passwordChangedMessage,
  recoveryCodesRenewedMessage,
  restorePasswordMessage,
} from './auth-messages';
export { type HumanCheck, humanCheck } from './bot-check-guard';
export {
  type ChallengeRow,
  claimChallenge,
  claimChallengeSql,
  countChallengesSince,
  countFailedAttempt,
  findClientChallenge,
  retireChallenge,
  retireLiveChallenges,
  useUpClientChallenges,
} from './challenge-rows';
export {
  codeMatches,
  createCodeChallenge,
  createLinkChallenge,
  createRestoreLink,
  findLink,
  findLiveLink,
} from './challenges';
export { assertNotLocked, clearFailures, type LockoutKey, lockedError, recordFailure } from './lockouts';
export type { LoginAccount, LoginAccounts } from './login-accounts';
export { type LoginRouteSettings, registerLoginRoutes } from './login-routes';
export { hashPassword, verifyPassword } from './password-hash';
export { authRateLimits } from './rate-limits';
export { deleteRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft } from './recovery-codes';
export { codeHash, isWellFormedToken, newSecretToken, sameHash, sha256 } from './secret-tokens';
export type { SessionClientRow } from './session-cache';
export {
  type Caller,
  callerClientId,
  callerOperatorId,
  readDb,
  requireClient,
  requireOperator,
  sessionAuthPlugin,
  sessionCacheOf,
} from './session-guard';
export {
  endAllSessions,
  endOtherSessions,
  type PrincipalType,
  SESSION_TIMER_WRITES,
} from './session-rows';
export {
  CLIENT_COOKIE,
  EMAIL_CONFIRM_LINK_SECONDS,
  EMAIL_CONFIRM_LINKS_PER_HOUR,
  LOCKOUT_SECONDS,
  MAX_FAILED_ATTEMPTS,
  OPERATOR_COOKIE,
  OPERATOR_HEADER,
  PHONE_CODE_SECONDS,
  RESTORE_LINK_SECONDS,
} from './session-rules';
export { type ActiveSession, resolveSession } from './sessions';
export { currentTotpCode, newTotpSecret, totpEnrolment, verifyTotp } from './totp';
export { recordTotpStep } from './totp-step-rows';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'auth',
  sessionPlugin: sessionAuthPlugin,
};
