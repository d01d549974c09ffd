import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem, type Session } from '../../testing/onboarding-helpers';

type Item = { id: string; kind: string; title: string; body: string; created_at: string; viewed: boolean };

// docs/requirements/accounts.md: the notifications panel and the update-required flags, on the
// seeded demo clients.
describe('client notifications', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      alex: ['private@demo.test'],
      northwind: ['business@demo.test'],
      admin: ['admin@demo.test', true],
    },
  });

  const inject = (options: InjectOptions) => test.app.inject(options);
  async function page(session: Session, query = '') {
    const response = await inject({
      method: 'GET',
      url: `/api/client/notifications${query}`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: Item[];
      meta: { page: number; limit: number; total: number; total_pages: number };
    };
  }
  const unviewed = async (session: Session) =>
    (
      await inject({ method: 'GET', url: '/api/client/notifications/unviewed', headers: session.headers })
    ).json();

  it('pages the demo history 20 at a time, newest first, without overlap', async () => {
    const first = await page(sessions.alex);
    expect(first.meta.total).toBeGreaterThan(20);
    expect(first.meta).toMatchObject({ page: 1, limit: 20, total_pages: Math.ceil(first.meta.total / 20) });
    expect(first.data).toHaveLength(20);
    const second = await page(sessions.alex, '?page=2&limit=20');
    expect(second.data).toHaveLength(first.meta.total - 20);
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
    const times = all.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((item) => item.kind))).toEqual(
      new Set([
        'incoming_payment',
        'payment_status_changed',
        'fee_charged',
        'application_approved',
        'identification_approved',
      ]),
    );
    expect((await page(sessions.alex, '?page=99')).data).toEqual([]);
    expect((await page(sessions.alex, '?limit=5')).data).toHaveLength(5);
  });

  it("keeps each client's notifications to itself", async () => {
    const mine = new Set((await page(sessions.alex, '?limit=100')).data.map((item) => item.id));
    const theirs = (await page(sessions.northwind, '?limit=100')).data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((item) => mine.has(item.id))).toBe(false);
    expect(theirs.every((item) => !/Alex|Jordan Smith|Lindenhof/.test(item.body))).toBe(true);
  });

  it('turns the bell red until the client views them; viewing touches nobody else', async () => {
    const before = await unviewed(sessions.alex);
    expect(before.data.length).toBeGreaterThan(0);
    expect(before.data.length).toBeLessThanOrEqual(20);
    const theirsBefore = (await unviewed(sessions.northwind)).meta.total;

    const view = await inject({
      method: 'POST',
      url: '/api/client/notifications/view',
      headers: sessions.alex.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.viewed).toBe(before.meta.total);
    expect(await unviewed(sessions.alex)).toEqual({ data: [], meta: { total: 0 } });
    expect((await page(sessions.alex)).data.every((item) => item.viewed)).toBe(true);
    expect((await unviewed(sessions.northwind)).meta.total).toBe(theirsBefore);

    const again = await inject({
      method: 'POST',
      url: '/api/client/notifications/view',
      headers: sessions.alex.headers,
      payload: {},
    });
    expect(again.json().data.viewed).toBe(0);
    const [audit] = await test.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE action = 'client.notifications_viewed'",
    );
    expect(audit?.count).toBe(1);
  });

  it('hears of an operator asking for a data update, and reports the four flags', async () => {
    const [client] = await test.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE email = 'business@demo.test'",
    );
    const update = await inject({
      method: 'POST',
      url: `/api/backoffice/clients/${client?.id}/request_update`,
      headers: sessions.admin.headers,
      payload: {
        flags: ['address_require', 'partners_require'],
        reason: 'Please confirm your trading address',
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    const [newest] = (await page(sessions.northwind)).data;
    expect(newest).toMatchObject({
      kind: 'data_update_requested',
      viewed: false,
      title: 'Please update your details',
    });
    expect(newest?.body).toContain('Please confirm your trading address');
    const flags = await inject({
      method: 'GET',
      url: '/api/client/update_require',
      headers: sessions.northwind.headers,
    });
    expect(flags.json()).toEqual({
      data: {
        activity_require: false,
        address_require: true,
        client_info_require: false,
        partners_require: true,
      },
    });
  });

  it('refuses bad paging, bodies and strangers', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=0x10',
      '?limit=1e1',
      '?limit=%2012%20',
      '?limit=',
      '?page=-1',
      '?page=1&page=2',
      '?sort=id',
      "?page=1'--",
    ]) {
      expectProblem(
        await inject({
          method: 'GET',
          url: `/api/client/notifications${query}`,
          headers: sessions.alex.headers,
        }),
        400,
      );
    }
    const withField = await inject({
      method: 'POST',
      url: '/api/client/notifications/view',
      headers: sessions.alex.headers,
      payload: { ids: ['x'] },
    });
    expectProblem(withField, 400, 'validation_failed');
    const text = await inject({
      method: 'POST',
      url: '/api/client/notifications/view',
      headers: { ...sessions.alex.headers, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expectProblem(text, 415);
    for (const url of [
      '/api/client/notifications',
      '/api/client/notifications/unviewed',
      '/api/client/update_require',
    ]) {
      expectProblem(await inject({ method: 'GET', url }), 401);
    }
    expectProblem(await inject({ method: 'POST', url: '/api/client/notifications/view' }), 401);
    expectProblem(
      await inject({ method: 'GET', url: '/api/client/notifications', headers: sessions.admin.headers }),
      401,
    );
  });
});
