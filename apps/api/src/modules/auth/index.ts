// Authentication: passwords, one-time codes and links, sessions, lockouts, TOTP, ALTCHA, and
// the log-in, back-office log-in and password-restore routes.

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
  restorePasswordMessage,
} from './auth-messages';
export { backofficeAuthRoutes } from './backoffice-login-routes';
export { type HumanCheck, humanCheck } from './bot-check-guard';
export {
  type ChallengeRow,
  claimChallenge,
  claimChallengeSql,
  codeMatches,
  countChallengesSince,
  countFailedAttempt,
  createCodeChallenge,
  createLinkChallenge,
  findLink,
  findLiveLink,
  retireChallenge,
  retireLiveChallenges,
} from './challenges';
export { authLoginRoutes } from './client-login-routes';
export { assertNotLocked, clearFailures, type LockoutKey, lockedError, recordFailure } from './lockouts';
export type { LoginAccount, LoginAccounts } from './login-accounts';
export { hashPassword, verifyPassword } from './password-hash';
export { authRateLimits } from './rate-limits';
export { authRestoreRoutes } from './restore-routes';
export { codeHash, isWellFormedToken, newSecretToken, sameHash, sha256 } from './secret-tokens';
export { sessionCacheOf } from './session-cache';
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
export {
  type ActiveSession,
  endAllSessions,
  endOtherSessions,
  type PrincipalType,
  resolveSession,
  resolveSessionAndClient,
  SESSION_TIMER_WRITES,
} from './sessions';
export { currentTotpCode, newTotpSecret, totpEnrolment, verifyTotp } from './totp';
export { recordTotpStep } from './totp-steps';
