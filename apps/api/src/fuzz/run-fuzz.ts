import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { KNOWN_ACCOUNT, KNOWN_ID } from './bad-inputs';
import type { Caller } from './fuzz-callers';
import { everyFile, type FuzzRequest, requestsFor } from './fuzz-requests';
import { hostileFiles } from './hostile-files';
import { operationsOf } from './openapi-operations';
import { answerFault, fileCostFault } from './problem-shape';

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
  // Enough generated files that a long run sends each about ten times; the fixed attacks always.
  const files = await hostileFiles(seed, Math.min(200, Math.max(8, Math.ceil(runs / 10))));
  const report: FuzzReport = {
    operations: operations.length,
    requests: 0,
    statuses: {},
    failures: [],
    seconds: 0,
  };
  for (const [index, operation] of operations.entries()) {
    const requests = [
      ...fc.sample(requestsFor(operation, files), { seed: seed + index, numRuns: runs }),
      ...everyFile(operation, files),
    ];
    for (const caller of callers) {
      for (const [number, generated] of requests.entries()) {
        const request = withKnownId(generated, caller, number);
        const key: Record<string, string> = request.freshKey
          ? { 'idempotency-key': `fuzz-${seed}-${index}-${number}-${caller.name}` }
          : {};
        const { response, cost } = await send(app, request, {
          ...request.headers,
          ...key,
          ...caller.headers(),
        });
        if (response.statusCode < 300) collectIds(response.body, caller.seenIds);
        trace?.(
          `${caller.name} ${response.statusCode} ${request.kind} ${request.url} ${response.body.slice(0, 160)}`,
        );
        report.requests++;
        const statusClass = `${String(response.statusCode).charAt(0)}xx`;
        report.statuses[statusClass] = (report.statuses[statusClass] ?? 0) + 1;
        const fault = answerFault(response) ?? cost;
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
      `${example.request.kind}: ${(example.request.payload ?? example.request.multipart?.file.fileName ?? '').slice(0, 160)}`,
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

/**
 * The request with real ids in, a different one at each place an id stands (the two accounts of
 * an exchange are two of the caller's accounts); the same object when it names none.
 */
function withKnownId(request: FuzzRequest, caller: Caller, number: number): FuzzRequest {
  const fields = request.multipart ? JSON.stringify(request.multipart.fields) : '';
  const texts = [request.url, request.payload ?? '', fields];
  if (!texts.some((text) => text.includes(KNOWN_ID) || text.includes(KNOWN_ACCOUNT))) return request;
  // The first place gets the id it always got; each next place the next id along.
  let place = 0;
  const pick = (ids: string[]) =>
    ids.length > 0 ? (ids[(number * 7 + place++) % ids.length] ?? FALLBACK_ID) : FALLBACK_ID;
  const accounts = caller.accountIds.length > 0 ? caller.accountIds : caller.seenIds;
  const fill = (text: string) =>
    text.replaceAll(KNOWN_ID, () => pick(caller.seenIds)).replaceAll(KNOWN_ACCOUNT, () => pick(accounts));
  return {
    ...request,
    url: fill(request.url),
    ...(request.payload !== undefined ? { payload: fill(request.payload) } : {}),
    ...(request.multipart
      ? { multipart: { ...request.multipart, fields: JSON.parse(fill(fields)) as Record<string, string> } }
      : {}),
  };
}

const BOUNDARY = 'fuzz-boundary-7d3c6f8e';

/**
 * Sends one request; a file's is also timed, and the resident memory sampled while it runs (the
 * process's all-time peak would go blind after the first large file).
 */
async function send(app: FastifyInstance, request: FuzzRequest, headers: Record<string, string>) {
  const file = request.freshKey && !request.kind.startsWith('amounts');
  const inject = () =>
    app.inject({ method: request.method as 'GET', url: request.url, ...withBody(request, headers) });
  if (!file) return { response: await inject(), cost: undefined };
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  try {
    const response = await inject();
    sample();
    const seconds = (performance.now() - started) / 1000;
    return { response, cost: fileCostFault(seconds, (peak - before) / 2 ** 20) };
  } finally {
    clearInterval(sampler);
  }
}

/** The request's body as sent: its JSON text, or its file wrapped as multipart/form-data. */
function withBody(request: FuzzRequest, headers: Record<string, string>) {
  if (!request.multipart)
    return { headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) };
  const { fields, file } = request.multipart;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.mime}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload };
}
