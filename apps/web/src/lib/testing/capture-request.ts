import { vi } from 'vitest';

/** Runs `call` against a stubbed fetch answering 200 and gives what it sent (unit tests only). */
export async function captureRequest(call: () => Promise<unknown>) {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) => new Response('{"data":{}}', { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  try {
    await call();
  } finally {
    vi.unstubAllGlobals();
  }
  const [path, init] = fetch.mock.calls[0] ?? [];
  return { path, method: init?.method, headers: (init?.headers ?? {}) as Record<string, string> };
}
