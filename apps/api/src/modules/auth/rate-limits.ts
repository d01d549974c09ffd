// Per-IP limits on the routes bots aim at (docs/reliability.md, bad input 20;
// docs/requirements/security.md, "Rate limits"). They sit on top of the lockouts (decision 0017):
// per account and address, and a doubling back-off per account, which holds however many IPs
// attack.
const MINUTE_MS = 60_000;

export const authRateLimits = {
  login: { max: 30, timeWindow: 5 * MINUTE_MS },
  codeEntry: { max: 30, timeWindow: 5 * MINUTE_MS },
  signUp: { max: 10, timeWindow: 10 * MINUTE_MS },
  altchaChallenge: { max: 60, timeWindow: MINUTE_MS },
  restore: { max: 5, timeWindow: 15 * MINUTE_MS },
  resend: { max: 5, timeWindow: 15 * MINUTE_MS },
  sendCode: { max: 5, timeWindow: 15 * MINUTE_MS },
} as const;
