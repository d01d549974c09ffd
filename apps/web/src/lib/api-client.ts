import type { Problem } from '@bluepeak/core/errors';

// The one way the web app calls the API: same-origin, JSON, cookies sent, errors thrown as
// ApiError with the server's problem body so one handler can show them (api-error-message.ts).
// Pages never call it themselves: each feature's `api.ts` holds its calls, reads as `…Query`
// options objects (key, fetcher, select) and writes as functions named for what they do
// (`createPayment`, `confirmEmail`), each answer typed by its core response schema.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<Problem> | undefined,
    readonly path: string,
    /** The answer's Retry-After in seconds, when it gave one (a locked log-in, a rate limit). */
    readonly retryAfterSeconds?: number,
  ) {
    super(body?.message ?? `Error ${status}`);
    this.name = 'ApiError';
  }
}

/** No answer at all (offline, DNS, CORS): the catalogue shows 'Error!'. */
export class NetworkError extends Error {
  constructor(readonly path: string) {
    super('Error!');
    this.name = 'NetworkError';
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(path);
  }
  const body = await readJson(response);
  if (!response.ok) {
    const problem = body as Partial<Problem> | undefined;
    throw new ApiError(response.status, problem, path, retryAfterOf(response.headers.get('retry-after')));
  }
  return body as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Retry-After in whole seconds; the HTTP-date form is not used by this API. */
function retryAfterOf(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}
