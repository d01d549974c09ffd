import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readDeactivationRequest } from './api';

// The client record reads the client's deactivation request; a client with none is a 404 from
// the API, shown as no request, while any other failure stays a failure.
describe("reading a client's deactivation request", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const answering = (status: number, body: unknown) => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('gives the request when there is one', async () => {
    const fetch = answering(200, { data: { client_id: 'c-1', status: 'pending' } });
    expect(await readDeactivationRequest('c-1')).toEqual({ client_id: 'c-1', status: 'pending' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/backoffice/deactivations/c-1');
  });

  it('reads a 404 as no request', async () => {
    answering(404, { status: 404, code: 'not_found', message: 'Deactivation request not found' });
    expect(await readDeactivationRequest('c-1')).toBeNull();
  });

  it('keeps other failures as failures', async () => {
    answering(403, { status: 403, code: 'forbidden', message: 'No' });
    await expect(readDeactivationRequest('c-1')).rejects.toBeInstanceOf(ApiError);
  });
});
