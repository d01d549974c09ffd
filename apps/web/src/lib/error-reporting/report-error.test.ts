import { afterEach, describe, expect, it, vi } from 'vitest';

// The browser's side of docs/reliability.md, "Error reporting": a stubbed fetch plays both the
// server (GET /api/meta names the DSN, or none) and the collector the SDK posts envelopes to.
const IBAN = 'DE89370400440532013000';
const EMAIL = 'anna.meier@example.com';
const DSN = 'https://0123456789abcdef@errors.example.com/1';

type Sent = { url: string; body: string };

function serve(dsn: string | null) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url, body: typeof init?.body === 'string' ? init.body : '' });
      const body = url === '/api/meta' ? { data: { error_reporting_dsn: dsn } } : {};
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return sent;
}

// Each test gets the module afresh: it remembers the DSN for the rest of the visit.
async function freshModule() {
  vi.resetModules();
  return import('./report-error');
}

// Loading the SDK afresh in each test takes a second or two, more on a busy machine.
describe('reportUnexpectedError', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a scrubbed event to the collector the server names', async () => {
    const sent = serve(DSN);
    const { reportUnexpectedError } = await freshModule();
    reportUnexpectedError(new Error(`cannot pay ${IBAN} for ${EMAIL}`));
    await vi.waitFor(() => expect(sent.map(({ url }) => url)).toHaveLength(2), { timeout: 25_000 });
    const [meta, envelope] = sent as [Sent, Sent];
    expect(meta.url).toBe('/api/meta');
    expect(envelope.url).toMatch(/^https:\/\/errors\.example\.com\/api\/1\/envelope\/\?/);
    expect(envelope.body).not.toContain(IBAN);
    expect(envelope.body).not.toContain(EMAIL);
    expect(envelope.body).toContain('cannot pay [iban] for [email]');
  });

  it('without a DSN sends nothing beyond asking the server once', async () => {
    const sent = serve(null);
    const { reportUnexpectedError } = await freshModule();
    await reportUnexpectedError(new Error('first'));
    await reportUnexpectedError(new Error('second'));
    expect(sent.map(({ url }) => url)).toEqual(['/api/meta']);
  });

  it('asks again after the server could not be reached', async () => {
    const { reportUnexpectedError } = await freshModule();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await reportUnexpectedError(new Error('while offline'));
    const sent = serve(null);
    await reportUnexpectedError(new Error('back online'));
    expect(sent.map(({ url }) => url)).toEqual(['/api/meta']);
  });

  it('never reports a 401, a lost connection or a missing page, but reports any other API error', async () => {
    const sent = serve(DSN);
    const { isReportable, reportUnexpectedError } = await freshModule();
    const { ApiError, NetworkError } = await import('../api-client');
    await reportUnexpectedError(new ApiError(401, { message: 'Log in' }, '/client/data'));
    await reportUnexpectedError(new NetworkError('/client/data'));
    expect(sent).toEqual([]);
    expect(isReportable(new ApiError(500, undefined, '/x'))).toBe(true);
    expect(isReportable(new ApiError(422, { message: 'Refused' }, '/x'))).toBe(true);
    expect(isReportable(new ApiError(403, undefined, '/x'))).toBe(true);
    expect(isReportable(new TypeError('x is undefined'))).toBe(true);
  });
});
