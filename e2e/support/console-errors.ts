import type { Browser, BrowserContext, ConsoleMessage, WebError } from '@playwright/test';

// What a page logs as an error (console.error, an uncaught exception, a failed resource) fails
// the test that caused it, unless it is on the list below or the test declared it with a reason.
export type ExpectedConsoleError = { text: RegExp; at?: RegExp; reason: string };
export type LoggedError = { text: string; where: string; kind: 'console error' | 'page error' };

/** Expected in every journey; each entry says why. */
export const EXPECTED_EVERYWHERE: readonly ExpectedConsoleError[] = [
  {
    text: /^Failed to load resource: .* status of 401 /,
    reason:
      'a 401 is how the API says "nobody is logged in" (login_check, the calls in flight when a ' +
      'journey logs out), and Chromium logs each such response; what the app does with a 401 is ' +
      'tested on the page itself (the error catalogue in dashboard-errors.spec.ts)',
  },
  {
    text: /^Failed to load resource: .* status of 404 /,
    at: /\/api\/backoffice\/deactivations\/[^/]+:\d+$/,
    reason:
      "a client record in the back office reads the client's deactivation request, and the API " +
      'answers 404 for a client without one (an absent object is a 404, never 200 with null); ' +
      'the page reads that 404 as "no request" (apps/web/src/backoffice/pages/deactivation-request.ts)',
  },
];

const matches = (allowed: ExpectedConsoleError, error: LoggedError) =>
  allowed.text.test(error.text) && (allowed.at?.test(error.where) ?? true);

function consoleError(message: ConsoleMessage): LoggedError {
  const { url, lineNumber } = message.location();
  const where = url ? `${url}:${lineNumber}` : (message.page()?.url() ?? 'the page');
  return { kind: 'console error', text: message.text(), where };
}

function pageError(error: WebError): LoggedError {
  const thrown = error.error();
  const at = thrown.stack?.split('\n').find((line) => line.trim().startsWith('at '));
  const where = at?.trim().replace(/^at /, '') ?? error.page()?.url() ?? 'the page';
  return { kind: 'page error', text: thrown.message, where };
}

/** Collects the errors of every page in `context`; `onError` sees each one as it is logged. */
export function watchContext(context: BrowserContext, onError: (error: LoggedError) => void) {
  context.on('console', (message) => {
    if (message.type() === 'error') onError(consoleError(message));
  });
  context.on('weberror', (error) => onError(pageError(error)));
}

/**
 * Watches the contexts a test opens itself (an operator beside a client) while `body` runs,
 * so their pages are held to the same rule as the test's own page.
 */
export async function watchNewContexts(
  browser: Browser,
  onError: (error: LoggedError) => void,
  body: () => Promise<void>,
) {
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    watchContext(context, onError);
    return context;
  };
  try {
    await body();
  } finally {
    browser.newContext = newContext;
  }
}

/** The errors a test's pages logged, against what the test expects. */
export class ConsoleWatch {
  /** The text of each error, as tests read it (`consoleErrors`). */
  readonly texts: string[] = [];
  private readonly logged: LoggedError[] = [];
  private readonly expected: ExpectedConsoleError[] = [...EXPECTED_EVERYWHERE];

  readonly record = (error: LoggedError) => {
    // The everywhere-expected ones are not even listed: journeys assert on the rest.
    if (EXPECTED_EVERYWHERE.some((allowed) => matches(allowed, error))) return;
    this.texts.push(error.text);
    this.logged.push(error);
  };

  expect(allowed: ExpectedConsoleError) {
    this.expected.push(allowed);
  }

  /** One message naming each error nothing expected; undefined when there is none. */
  unexpected(): string | undefined {
    const unexpected = this.logged.filter(
      (error) => !this.expected.some((allowed) => matches(allowed, error)),
    );
    if (unexpected.length === 0) return undefined;
    const lines = unexpected.map((error) => `- ${error.kind}: ${error.text}\n    at ${error.where}`);
    return `The browser logged ${unexpected.length} unexpected error(s):\n${lines.join('\n')}`;
  }
}
