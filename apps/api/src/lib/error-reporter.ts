import { scrubErrorReport } from '@bluepeak/core';
import type { Logger } from './logger';

// Unexpected errors go to a Sentry-protocol service (Sentry, or a self-hosted GlitchTip) when
// ERROR_REPORTING_DSN is set (docs/decisions/0019-error-reporting.md). Without it the SDK is
// never loaded, so an unconfigured server makes no call and pays no start-up cost. The SDK is
// used as a client of its own, not through `Sentry.init`: nothing is patched or traced, no
// sessions are sent, and each app built in the tests has its own reporter.

/** What the API says about an error beside the error itself: no body, header or query. */
export type ErrorContext = {
  requestId?: string;
  method?: string;
  /** The route's pattern (`/api/client/payments/:id`), never the URL that was asked for. */
  route?: string;
  job?: string;
};

export type ErrorReporter = {
  capture(error: unknown, context?: ErrorContext): void;
  /** Waits until the reports already captured are sent, up to the timeout. */
  flush(timeoutMs: number): Promise<boolean>;
  close(timeoutMs: number): Promise<void>;
};

export type ErrorReportingOptions = { dsn: string; environment: string; release?: string | undefined };

export const noErrorReporter: ErrorReporter = {
  capture() {},
  flush: async () => true,
  close: async () => {},
};

export async function startErrorReporter(options: ErrorReportingOptions | undefined): Promise<ErrorReporter> {
  if (!options) return noErrorReporter;
  const sentry = await import('@sentry/node');
  const client = new sentry.NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    transport: sentry.makeNodeTransport,
    stackParser: sentry.defaultStackParser,
    integrations: [sentry.linkedErrorsIntegration(), sentry.dedupeIntegration()],
    sendClientReports: false,
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubErrorReport(event),
  });
  const scope = new sentry.Scope();
  scope.setClient(client);
  client.init();
  return {
    capture(error, context = {}) {
      scope.captureException(error, {
        captureContext: {
          tags: {
            ...(context.method ? { method: context.method } : {}),
            ...(context.route ? { route: context.route } : {}),
            ...(context.job ? { job: context.job } : {}),
          },
          extra: context.requestId ? { request_id: context.requestId } : {},
        },
      });
    },
    flush: async (timeoutMs) => client.flush(timeoutMs),
    close: async (timeoutMs) => {
      await client.close(timeoutMs);
    },
  };
}

/** A logger whose `error({ err })` lines are also reported: how background jobs report failures. */
export function reportingLogger(log: Logger, reporter: ErrorReporter, job?: string): Logger {
  if (reporter === noErrorReporter) return log;
  const error = ((fields: object | string, message?: string) => {
    if (typeof fields === 'object' && fields !== null && 'err' in fields) {
      reporter.capture((fields as { err: unknown }).err, job ? { job } : {});
    }
    return typeof fields === 'string' ? log.error(fields) : log.error(fields, message);
  }) as Logger['error'];
  return { info: log.info.bind(log), warn: log.warn.bind(log), error };
}
