import type { LightMyRequestResponse } from 'fastify';

// What every answer of the fuzz run must satisfy: no 5xx, every error in the one problem+json
// shape (with `errors` on 400), and never `200 {"data": null}`: an object that does not exist,
// for an unknown id or a real one, is a 404.
export function answerFault(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `status ${status}`;
  if (status < 400) {
    const nullData = response.body.replace(/\s/g, '') === '{"data":null}';
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

/** A file upload may not take longer than this, nor raise the resident memory by more while it runs. */
export const FILE_LIMITS = { seconds: 10, peakGrowthMb: 200 };

/** What was wrong with how a file upload was answered: too slow, or too hungry. */
export function fileCostFault(seconds: number, peakGrowthMb: number): string | undefined {
  if (seconds > FILE_LIMITS.seconds) return `a file took ${Math.round(seconds * 10) / 10} s`;
  if (peakGrowthMb > FILE_LIMITS.peakGrowthMb)
    return `a file raised memory by ${Math.round(peakGrowthMb)} MB`;
  return undefined;
}
