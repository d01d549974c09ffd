import { ApiError } from './api-client';
import { errorText } from './error-text';
import { i18n } from './i18n';

// docs/error-catalogue.md in the client app: what the snackbar shows (lib/error-text.ts, in the
// client's words: 'Authorization Error!', 'API Error!', 'Error {status}', 'Error!'), or undefined
// when nothing should show (a cancelled request), and whether the session ends.
export type ErrorOutcome = { message: string; signOut: boolean } | undefined;

// The log-in, sign-up and restore endpoints (and the login check) work without a session: a
// 401 there means wrong credentials or no session yet, never a session that has just ended.
const SESSIONLESS_PATHS = /^\/auth\/(login|signup|restore|confirm_email)/;

export function errorOutcome(error: unknown): ErrorOutcome {
  const message = errorText(error, (key, options) => i18n.t(key, options));
  if (message === undefined) return undefined;
  const signOut =
    error instanceof ApiError &&
    (error.status === 401 || error.status === 403) &&
    !SESSIONLESS_PATHS.test(error.path);
  return { message, signOut };
}

/**
 * The one text for a refused request, wherever it shows: the visitor's-language text of an
 * expected refusal, looked up under each of `texts` in order (e.g. `payments:problems`) and then
 * `auth:problems` (a locked log-in, say), else the catalogue's (docs/error-catalogue.md).
 */
export function problemMessage(error: unknown, texts: readonly string[] = []): string | undefined {
  const code = problemCode(error);
  for (const prefix of texts) {
    if (code && i18n.exists(`${prefix}.${code}`)) return i18n.t(`${prefix}.${code}`);
  }
  const key = `auth:problems.${code}`;
  // A locked log-in says the real wait, from the answer's Retry-After (decision 0017).
  const minutes = waitMinutes(error);
  if (code === 'login_locked' && minutes === undefined) return errorOutcome(error)?.message;
  if (code && i18n.exists(key)) return i18n.t(key, { minutes });
  return errorOutcome(error)?.message;
}

function waitMinutes(error: unknown): number | undefined {
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? undefined : Math.max(1, Math.ceil(seconds / 60));
}

/** The problem's stable code, to pick a translated text for the expected refusals. */
export function problemCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.code : undefined;
}
