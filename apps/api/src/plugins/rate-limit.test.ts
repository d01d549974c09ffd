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
