import { scrubErrorReport } from '@bluepeak/core/errors';
import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  Scope,
} from '@sentry/browser';

// Loaded only when a DSN is configured (report-error.ts). The SDK runs as a client of its own
// rather than through `Sentry.init`: it records no breadcrumbs (they replay what a person did),
// wraps no browser function, sends no sessions or traces, and every event passes the same
// scrubber as the API's before it leaves (docs/decisions/0019-error-reporting.md).
export function startBrowserReporter(dsn: string): (error: unknown) => void {
  const client = new BrowserClient({
    dsn,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration(), dedupeIntegration(), httpContextIntegration()],
    sendClientReports: false,
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubErrorReport(event),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return (error) => {
    scope.captureException(error);
  };
}
