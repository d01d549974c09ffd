import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

// With REDIS_URL the counters are shared by every API process. Two apps stand in for two
// processes here: requests to either count against one limit. Needs a Redis server, which
// CI provides (TEST_REDIS_URL); without one there is nothing to test against.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limit shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const overrides = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_PER_MINUTE: '4' };
  beforeAll(async () => {
    [first, second] = await Promise.all([buildTestApp(overrides), buildTestApp(overrides)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('counts requests from one address across processes', async () => {
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const statuses: number[] = [];
    for (const app of [first, second, first, second, first]) {
      statuses.push((await app.app.inject({ method: 'GET', url: '/api/meta', remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('rate limit scope', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ALLOW: '10.9.9.9' });
  });
  afterAll(async () => {
    await test.close();
  });

  const statuses = async (url: string, remoteAddress: string, times: number) => {
    const seen: number[] = [];
    for (let i = 0; i < times; i++) {
      seen.push((await test.app.inject({ method: 'GET', url, remoteAddress })).statusCode);
    }
    return seen;
  };

  it('limits the API per address', async () => {
    expect(await statuses('/api/meta', '10.1.1.1', 4)).toEqual([200, 200, 200, 429]);
  });

  it('never counts the web app itself: a page needs dozens of files', async () => {
    const seen = await statuses('/assets/any-chunk.js', '10.2.2.2', 6);
    expect(seen).not.toContain(429);
    expect(await statuses('/api/meta', '10.2.2.2', 1)).toEqual([200]);
  });

  it('exempts the configured addresses from every limit', async () => {
    expect(await statuses('/api/meta', '10.9.9.9', 6)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
