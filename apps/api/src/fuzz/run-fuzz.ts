import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { KNOWN_ID } from './bad-inputs';
import type { Caller } from './fuzz-callers';
import { type FuzzRequest, requestsFor } from './fuzz-requests';
import { operationsOf } from './openapi-operations';
import { answerFault } from './problem-shape';

export type FuzzFailure = {
  operation: string;
  caller: string;
  request: FuzzRequest;
  status: number;
  fault: string;
  body: string;
};

export type FuzzReport = {
  operations: number;
  requests: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  seconds: number;
};

/**
 * Sends `runs` generated requests to every operation of the OpenAPI document as each caller,
 * one at a time, and collects every answer that breaks the rules of `answerFault`. The seed
 * makes a run repeatable: the same seed sends the same requests.
 */
export async function runFuzz(
  app: FastifyInstance,
  callers: Caller[],
  {
    runs,
    seed,
    only,
    trace,
  }: { runs: number; seed: number; only?: string | undefined; trace?: ((line: string) => void) | undefined },
): Promise<FuzzReport> {
  const started = Date.now();
  const operations = operationsOf(app)
    .filter((operation) => !only || `${operation.method} ${operation.path}`.includes(only))
    .sort((a, b) => rank(a.method) - rank(b.method));
  const report: FuzzReport = {
    operations: operations.length,
    requests: 0,
    statuses: {},
    failures: [],
    seconds: 0,
  };
  for (const [index, operation] of operations.entries()) {
    const requests = fc.sample(requestsFor(operation), { seed: seed + index, numRuns: runs });
    for (const caller of callers) {
      for (const [number, generated] of requests.entries()) {
        const request = withKnownId(generated, caller.seenIds, number);
        const response = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...caller.headers() },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        if (response.statusCode < 300) collectIds(response.body, caller.seenIds);
        trace?.(
          `${caller.name} ${response.statusCode} ${request.kind} ${request.url} ${response.body.slice(0, 160)}`,
        );
        report.requests++;
        const statusClass = `${String(response.statusCode).charAt(0)}xx`;
        report.statuses[statusClass] = (report.statuses[statusClass] ?? 0) + 1;
        const fault = answerFault(response);
        if (fault) {
          report.failures.push({
            operation: `${operation.method} ${operation.path}`,
            caller: caller.name,
            request,
            status: response.statusCode,
            fault,
            body: response.body.slice(0, 300),
          });
        }
      }
      await caller.refresh();
    }
  }
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

// Reads first, then writes, and the calls that end or cancel things last, so a session or
// a record is there for as long as possible.
function rank(method: string): number {
  return ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'].indexOf(method);
}

export function describeReport(report: FuzzReport): string {
  const statuses = Object.entries(report.statuses)
    .sort()
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return `fuzz: ${report.operations} operations, ${report.requests} requests in ${report.seconds} s (${statuses}), ${report.failures.length} failures`;
}

/** One line per operation and kind of fault, with one example request, for a readable failure. */
export function summariseFailures(failures: FuzzFailure[]): string[] {
  const seen = new Map<string, { count: number; example: FuzzFailure }>();
  for (const failure of failures) {
    const key = `${failure.operation}: ${failure.fault}`;
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { count: 1, example: failure });
  }
  return [...seen].map(([key, { count, example }]) =>
    [
      `${key} (x${count})`,
      `as ${example.caller}: ${example.request.method} ${example.request.url.slice(0, 160)}`,
      `${example.request.kind}: ${(example.request.payload ?? '').slice(0, 160)}`,
      `answer: ${example.body.slice(0, 200)}`,
    ].join(' | '),
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FALLBACK_ID = '7d3c6f8e-2b1a-4c5d-9e8f-0a1b2c3d4e5f';

/** Ids from the caller's successful answers, so later requests reach real records too. */
function collectIds(body: string, seen: string[]) {
  for (const id of body.match(UUID) ?? []) {
    if (seen.length >= 500) return;
    if (!seen.includes(id)) seen.push(id);
  }
}

/** The request with real ids in; the same object when it names none. */
function withKnownId(request: FuzzRequest, seen: string[], number: number): FuzzRequest {
  if (!request.url.includes(KNOWN_ID) && !request.payload?.includes(KNOWN_ID)) return request;
  const id = seen.length > 0 ? (seen[(number * 7) % seen.length] ?? FALLBACK_ID) : FALLBACK_ID;
  return {
    ...request,
    url: request.url.replaceAll(KNOWN_ID, id),
    ...(request.payload !== undefined ? { payload: request.payload.replaceAll(KNOWN_ID, id) } : {}),
  };
}
