import type { LightMyRequestResponse } from 'fastify';

// What every answer of the fuzz run must satisfy: no 5xx, every error in the one problem+json
// shape (with `errors` on 400), and no `200 {"data": null}` for an id that does not exist.
// A real id may rightly read as `null` (a client with no deactivation request), so the data-null
// rule applies only to ids the caller has never seen.
export function answerFault(response: LightMyRequestResponse, realId = false): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `status ${status}`;
  if (status < 400) {
    const nullData = !realId && response.body.replace(/\s/g, '') === '{"data":null}';
    return nullData ? 'data null instead of 404' : undefined;
  }
  if (!String(response.headers['content-type'] ?? '').startsWith('application/problem+json')) {
    return `error as ${response.headers['content-type'] ?? 'no content type'}`;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'error body is not JSON';
  }
  for (const key of ['type', 'title', 'code', 'message'] as const) {
    if (typeof body[key] !== 'string' || body[key] === '') return `problem without ${key}`;
  }
  if (body.status !== status) return `problem status ${String(body.status)} on a ${status}`;
  if (status === 400 && (!Array.isArray(body.errors) || body.errors.length === 0)) {
    return 'a 400 without errors';
  }
  return undefined;
}
