import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { type ErrorReport, setErrorReporter, shouldReport, startErrorReporting } from './error-reporting';

describe('the error-reporting hook (every exception except 401s)', () => {
  const reports: ErrorReport[] = [];
  const restore = setErrorReporter((report) => reports.push(report));
  afterEach(() => {
    reports.length = 0;
  });
  afterAll(restore);

  it('reports every API status but 401, network failures and plain errors; never a cancellation', () => {
    expect(shouldReport(new ApiError(401, { message: 'x' }, '/client/data'))).toBe(false);
    for (const status of [400, 403, 404, 409, 422, 500, 503]) {
      expect(shouldReport(new ApiError(status, undefined, '/x'))).toBe(true);
    }
    expect(shouldReport(new NetworkError('/x'))).toBe(true);
    expect(shouldReport(new TypeError('undefined is not a function'))).toBe(true);
    expect(shouldReport(new DOMException('stop', 'AbortError'))).toBe(false);
  });

  it('hears failed queries and mutations and uncaught errors, until stopped', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const target = new EventTarget() as unknown as Window;
    const stop = startErrorReporting(queryClient, target);
    const fail = (error: Error) => () => Promise.reject(error);

    await queryClient
      .fetchQuery({ queryKey: ['a'], queryFn: fail(new ApiError(500, undefined, '/client/a')) })
      .catch(() => {});
    await queryClient
      .fetchQuery({ queryKey: ['b'], queryFn: fail(new ApiError(401, undefined, '/client/b')) })
      .catch(() => {});
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: fail(new ApiError(422, undefined, '/client/c')) })
      .execute(undefined)
      .catch(() => {});
    const uncaught = Object.assign(new Event('error'), {
      error: new Error('render failed'),
      message: 'render failed',
    });
    target.dispatchEvent(uncaught);

    expect(reports.map((report) => [report.source, report.path ?? (report.error as Error).message])).toEqual([
      ['query', '/client/a'],
      ['mutation', '/client/c'],
      ['window', 'render failed'],
    ]);

    stop();
    await queryClient
      .fetchQuery({ queryKey: ['d'], queryFn: fail(new ApiError(500, undefined, '/client/d')) })
      .catch(() => {});
    target.dispatchEvent(uncaught);
    expect(reports).toHaveLength(3);
  });
});
