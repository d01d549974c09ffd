import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { reportUnexpectedError } from '../../lib/error-reporting/report-error';

// docs/error-catalogue.md: failures are logged to the browser console, never 401s; a deployment
// swaps that sink with setErrorReporter. The error-reporting service, when one is configured,
// hears only the bugs among them (lib/error-reporting/report-error.ts decides, and hears uncaught
// errors through its own listeners): a query or mutation that failed for any reason but an API
// answer or a lost connection.
export type ErrorReport = { source: 'query' | 'mutation' | 'window'; error: unknown; path?: string };
export type ErrorReporter = (report: ErrorReport) => void;

export const consoleErrorReporter: ErrorReporter = (report) => {
  const { error } = report;
  const message =
    error instanceof Error
      ? error.message || (error instanceof ApiError ? `Error ${error.status}` : error.name)
      : String(error);
  console.warn(`[error-report] ${report.source}${report.path ? ` ${report.path}` : ''}: ${message}`);
};

let reporter: ErrorReporter = consoleErrorReporter;

export function setErrorReporter(next: ErrorReporter): () => void {
  const previous = reporter;
  reporter = next;
  return () => {
    reporter = previous;
  };
}

/** What goes to the service: every exception except a 401 answer and a cancelled request. */
export function shouldReport(error: unknown): boolean {
  if (error instanceof ApiError) return error.status !== 401;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return true;
}

export function reportError(report: ErrorReport): void {
  if (!shouldReport(report.error)) return;
  try {
    reporter(report);
  } catch {
    // A broken reporter must never break the page that is reporting.
  }
  if (report.source !== 'window') void reportUnexpectedError(report.error);
}

/**
 * Sends every failed query and mutation, and every uncaught error or rejection in the page, to
 * the reporter. Returns the function that stops listening.
 */
export function startErrorReporting(queryClient: QueryClient, target: Window = window): () => void {
  const pathOf = (error: unknown) => (error instanceof ApiError ? error.path : undefined);
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      reportError({ source: 'query', error: event.action.error, path: pathOf(event.action.error) });
    }
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      reportError({ source: 'mutation', error: event.action.error, path: pathOf(event.action.error) });
    }
  });
  const onError = (event: ErrorEvent) =>
    reportError({ source: 'window', error: event.error ?? event.message });
  const onRejection = (event: PromiseRejectionEvent) =>
    reportError({ source: 'window', error: event.reason });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    stopQueries();
    stopMutations();
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
