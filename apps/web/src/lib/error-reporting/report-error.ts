import { isRouteErrorResponse } from 'react-router';
import { ApiError, apiRequest, NetworkError } from '../api-client';

// The web app's errors go to the error-reporting service the server names in GET /meta
// (`error_reporting_dsn`), so one build serves every deployment (docs/reliability.md, "Error
// reporting"). Nothing happens until an error does: only then is the DSN asked for (the meta
// answer is usually in the browser's cache already), and only when there is one is the SDK
// loaded, in a chunk of its own. Without a DSN no report ever leaves the browser.
type Capture = (error: unknown) => void;

let reporter: Promise<Capture | null> | undefined;

function dsnIn(answer: { data?: unknown }): string | undefined {
  const dsn = (answer.data as { error_reporting_dsn?: unknown } | undefined)?.error_reporting_dsn;
  return typeof dsn === 'string' && dsn !== '' ? dsn : undefined;
}

async function startReporter(): Promise<Capture | null> {
  const dsn = dsnIn(await apiRequest<{ data?: unknown }>('/meta'));
  if (!dsn) return null;
  const { startBrowserReporter } = await import('./browser-reporter');
  return startBrowserReporter(dsn);
}

/**
 * Whether an error goes to the service: every exception but a 401 (docs/error-catalogue.md, which
 * excepts only that one: an expired session is the product working). An API's other refusals go
 * too, scrubbed like everything else, so a form that keeps being refused shows up as a pattern.
 * A lost connection cannot be sent anyway, and a page that does not exist is not an error.
 */
export function isReportable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status !== 401;
  if (error instanceof NetworkError) return false;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return error !== undefined && error !== null;
}

/**
 * Reports an unexpected error; never throws or logs, and does nothing without a DSN. Callers
 * need not wait: the promise settles once the error is handed to the SDK (or dropped).
 */
export function reportUnexpectedError(error: unknown): Promise<void> {
  if (!isReportable(error)) return Promise.resolve();
  // A failed look-up (offline, say) is forgotten, so the next error asks again.
  reporter ??= startReporter().catch(() => {
    reporter = undefined;
    return null;
  });
  return reporter.then((capture) => capture?.(error)).catch(() => undefined);
}

let listening = false;

/** Reports the errors nothing caught: uncaught exceptions and unhandled promise rejections. */
export function reportUncaughtErrors(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('error', (event) => void reportUnexpectedError(event.error));
  window.addEventListener('unhandledrejection', (event) => void reportUnexpectedError(event.reason));
}
