import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaQuery, prefetchMeta } from './meta';
import { bundledMeta } from './meta-merge';

const euro = { code: 'EUR', numeric: '978', name: 'Euro', exponent: 2 };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_path: string) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('metaQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches GET /api/meta as the query layer starts and keeps the server lists over the bundled ones', async () => {
    const fetch = answer(200, { data: { currencies: [euro] } });
    const client = new QueryClient();
    prefetchMeta(client);
    await vi.waitFor(() => expect(client.getQueryData(metaQuery.queryKey)).toBeDefined());
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/meta');
    expect(client.getQueryData(metaQuery.queryKey)).toEqual({ ...bundledMeta, currencies: [euro] });
  });

  it('is silent on failure, so the bundled lists stay without a message', async () => {
    answer(500, { message: 'down' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery(metaQuery);
    expect(client.getQueryData(metaQuery.queryKey)).toBeUndefined();
    expect(metaQuery.meta?.silent).toBe(true);
    expect(metaQuery.placeholderData).toBe(bundledMeta);
  });
});
