import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

describe('GET /api/dev/outbox', () => {
  let demo: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    [demo, production] = await Promise.all([buildTestApp(), buildTestApp({ DEMO_MODE: 'off' })]);
  });
  afterAll(async () => {
    await Promise.all([demo.close(), production.close()]);
  });

  it('lists what the system sent, newest first, filtered by recipient', async () => {
    for (const email of ['one@example.test', 'two@example.test']) {
      const joined = await demo.app.inject({
        method: 'POST',
        url: '/api/public/card-waitlist',
        payload: { email, consent: true },
      });
      expect(joined.statusCode).toBe(202);
    }
    const all = (await demo.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    expect(all.data.map((m: { to: string }) => m.to)).toEqual(['two@example.test', 'one@example.test']);
    const one = (await demo.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ONE@example.test' })).json();
    expect(one.data).toHaveLength(1);
    expect(one.data[0]).toMatchObject({
      channel: 'email',
      to: 'one@example.test',
      subject: expect.any(String),
    });
  });

  it('refuses parameter abuse', async () => {
    expect((await demo.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=100000' })).statusCode).toBe(
      400,
    );
    expect((await demo.app.inject({ method: 'GET', url: '/api/dev/outbox?sort=id' })).statusCode).toBe(400);
  });

  it('does not exist when demo mode is off', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});
