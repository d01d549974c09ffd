import { hasPermission, type OperatorRole } from '@bluepeak/core/backoffice';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealOfAHiddenFromB } from '../modules/escrow/testing/matrix-deal';
import { latestCode, logInDemo, openFundedAccount } from '../modules/payments/testing/payment-fixtures';
import { type Access, type OwnedObject, routeAccess } from './authorisation-matrix';
import { QUERIES, VALID_BODIES } from './authorisation-matrix-inputs';
import { buildTestApp, type TestApp } from './build-test-app';
import { listRoutes } from './list-routes';

// The authorisation matrix, generated from the route table: every route the app registers, called as
// anonymous, two approved clients (A and B) and an operator of each role, is answered as declared, and
// B gets a 404 for each of A's objects. Allowed callers send a minimal body: only "not 401/403" (no 5xx).
const A = 'business@demo.test';
const B = 'private@demo.test';
const ROLES: OperatorRole[] = ['compliance', 'payments', 'support', 'admin'];
const NO_ID = '00000000-0000-4000-8000-000000000000';
const PLACEHOLDERS: Record<string, string> = {
  hash: 'a'.repeat(43),
  token: 'a'.repeat(43),
  iban: 'DE89370400440532013000',
  currency: 'USD',
  rail: 'sepa',
  '*': 'missing.js',
};

type Principal = { name: string; kind: 'anonymous' | 'client' | 'operator'; role?: OperatorRole };
type Expected = 'allowed' | '401' | '401 or 403' | '403';

let test: TestApp;
const headers = new Map<string, Record<string, string>>();
const objectsOfA = new Map<OwnedObject, string>();
const principals: Principal[] = [
  { name: 'anonymous', kind: 'anonymous' },
  { name: 'client A', kind: 'client' },
  { name: 'client B', kind: 'client' },
  ...ROLES.map((role) => ({ name: role, kind: 'operator' as const, role })),
];

function expectedFor(access: Access, principal: Principal): Expected {
  if (access.who === 'anyone' || access.who === 'demo') return 'allowed';
  if (principal.kind === 'anonymous') return '401';
  if (access.who === 'client') return principal.kind === 'client' ? 'allowed' : '401';
  if (principal.kind === 'client') return '401 or 403';
  const roles = [principal.role as OperatorRole];
  return !access.may || hasPermission(roles, access.may) ? 'allowed' : '403';
}

function urlFor(route: string, ids: (name: string) => string): string {
  const path = `${route.slice(route.indexOf(' ') + 1)}${QUERIES[route] ?? ''}`;
  return path.replace(/:([A-Za-z]+)|\*/g, (whole, name: string | undefined) => ids(name ?? whole));
}

async function call(route: string, who: string, url: string, body?: unknown) {
  const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const writes = method !== 'GET' && method !== 'DELETE';
  return test.app.inject({
    method,
    url,
    headers: headers.get(who) ?? {},
    ...(writes ? { payload: (body ?? {}) as Record<string, unknown> } : {}),
  });
}

function verdict(response: LightMyRequestResponse, expected: Expected): boolean {
  const status = response.statusCode;
  if (status >= 500) return false;
  if (expected === 'allowed') return status !== 401 && status !== 403;
  if (expected === '401 or 403') return status === 401 || status === 403;
  return String(status) === expected;
}

async function countDenials() {
  const [row] = await test.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'operator.permission_denied'`,
  );
  return row?.n ?? 0;
}

/** Login-ending routes run last, so no later call finds its session gone. */
const endsSessions = (route: string) => route.endsWith('/logout');

beforeAll(async () => {
  test = await buildTestApp({ RATE_LIMIT_ALLOW: '127.0.0.1' }, 'demo');
  const account = await openFundedAccount(test.db, A, 'EUR', 100_000);
  for (const [name, email] of [
    ['client A', A],
    ['client B', B],
  ] as const) {
    headers.set(name, (await logInDemo(test.app, email)).headers);
  }
  for (const role of ROLES) headers.set(role, (await logInDemo(test.app, `${role}@demo.test`, true)).headers);
  await collectObjectsOfA(account.id);
}, 180_000);

afterAll(async () => {
  await test?.close();
});

async function collectObjectsOfA(accountId: string) {
  const as = headers.get('client A') ?? {};
  const post = async (url: string, payload: unknown, extra: Record<string, string> = {}) => {
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: { ...as, ...extra },
      payload: payload as Record<string, unknown>,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  objectsOfA.set('account', accountId);
  const recipient = await post('/api/client/recipients', VALID_BODIES['PUT /api/client/recipients/:id']);
  const confirmed = await test.app.inject({
    method: 'POST',
    url: `/api/client/recipients/${recipient}/confirm`,
    headers: as,
    payload: { code: await latestCode(test.app, A) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  objectsOfA.set('recipient', recipient);
  const payment = {
    type: 'sepa',
    account_id: accountId,
    amount: 1_000,
    currency: 'EUR',
    recipient: { name: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  };
  objectsOfA.set('payment', await post('/api/client/payments', payment, { 'idempotency-key': 'matrix-1' }));
  expect(await latestCode(test.app, A)).toMatch(/^\d{6}$/);
  const batch = { account_id: accountId, rows: [{ ...payment.recipient, amount: 1_000, currency: 'EUR' }] };
  objectsOfA.set('batch', await post('/api/client/batches', batch, { 'idempotency-key': 'matrix-b' }));
  const usd = await openFundedAccount(test.db, A, 'USD', 0);
  objectsOfA.set(
    'exchange',
    await post('/api/client/exchanges/quote', {
      from_account_id: accountId,
      to_account_id: usd.id,
      sell_amount: 1_000,
    }),
  );
  objectsOfA.set('ticket', await post('/api/client/tickets', { subject: 'Matrix', message: 'Hello' }));
  const [document] = await test.db.query<{ id: string }>(
    'SELECT d.id FROM client_documents d JOIN clients c ON c.id = d.client_id WHERE c.email = $1 LIMIT 1',
    [A],
  );
  if (!document) throw new Error('the demo client A has no document');
  objectsOfA.set('document', document.id);
  const [person] = await test.db.query<{ id: string }>(
    'SELECT p.id FROM related_persons p JOIN clients c ON c.id = p.client_id WHERE c.email = $1 LIMIT 1',
    [A],
  );
  if (!person) throw new Error('the demo client A has no related person');
  objectsOfA.set('related_person', person.id);
  objectsOfA.set(
    'related_client',
    await post('/api/client/settings/related_clients', {
      relationship: 'OTHER',
      find_by: { kind: 'email', email: 'someone-else@example.com' },
    }),
  );
  objectsOfA.set(
    'reference_letter',
    await post('/api/client/reference_letters', {}, { 'idempotency-key': 'matrix-letter' }),
  );
  objectsOfA.set('escrow', await dealOfAHiddenFromB(test.db, post, B));
}

describe('the authorisation matrix', () => {
  it('declares every route the app serves, and nothing it does not', () => {
    const routes = listRoutes(test.app);
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes.filter((route) => !(route in routeAccess));
    expect(undeclared, 'declare these in authorisation-matrix.ts').toEqual([]);
    const stale = Object.keys(routeAccess).filter((route) => !routes.includes(route));
    expect(stale, 'these declared routes do not exist').toEqual([]);
  });

  it('serves the demo-only routes in demo mode only', async () => {
    const live = await buildTestApp({ DEMO_MODE: 'off' });
    try {
      const routes = listRoutes(live.app);
      const wrong = Object.entries(routeAccess)
        .filter(([route, access]) => routes.includes(route) === (access.who === 'demo'))
        .map(([route]) => route);
      expect(wrong).toEqual([]);
    } finally {
      await live.close();
    }
  }, 60_000);

  it("gives client B a 404 for every one of client A's objects, which A can read", async () => {
    const failures: string[] = [];
    for (const [route, access] of Object.entries(routeAccess)) {
      if (access.who !== 'client' || !access.owns) continue;
      const own = objectsOfA.get(access.owns);
      const url = urlFor(route, () => own ?? NO_ID);
      const theirs = await call(route, 'client B', url, VALID_BODIES[route]);
      if (theirs.statusCode !== 404) failures.push(`${route} as client B: ${theirs.statusCode}`);
      if (route.startsWith('GET ')) {
        const mine = await call(route, 'client A', url);
        if (mine.statusCode !== 200) failures.push(`${route} as client A: ${mine.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("gives client B a 404 for client A's account and recipient named in a body", async () => {
    const accountOfB = await openFundedAccount(test.db, B, 'EUR', 10_000);
    const payment = (account: string, recipient: string | undefined) => ({
      type: 'sepa',
      account_id: account,
      amount: 100,
      currency: 'EUR',
      ...(recipient
        ? { recipient_id: recipient }
        : { recipient: { name: 'Erika Mustermann', iban: 'DE89370400440532013000' } }),
    });
    const pay = (who: string, body: Record<string, unknown>, key: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/client/payments',
        headers: { ...headers.get(who), 'idempotency-key': key },
        payload: body,
      });
    const accountOfA = objectsOfA.get('account') ?? NO_ID;
    const recipientOfA = objectsOfA.get('recipient');
    expect((await pay('client A', payment(accountOfA, recipientOfA), 'matrix-own')).statusCode).toBe(201);
    expect((await pay('client B', payment(accountOfA, undefined), 'matrix-2')).statusCode).toBe(404);
    expect((await pay('client B', payment(accountOfB.id, recipientOfA), 'matrix-3')).statusCode).toBe(404);
    const close = await test.app.inject({
      method: 'POST',
      url: '/api/client/deactivation',
      headers: headers.get('client B') ?? {},
      payload: { reason: 'no_longer_needed', payout: { kind: 'recipient', recipient_id: recipientOfA } },
    });
    expect(close.statusCode, close.body).toBe(404);
  });

  it('answers every route as declared for every principal', async () => {
    const failures: string[] = [];
    const routes = listRoutes(test.app).sort((a, b) => Number(endsSessions(a)) - Number(endsSessions(b)));
    let calls = 0;
    let refusedRoles = 0;
    const deniedBefore = await countDenials();
    for (const route of routes) {
      const access = routeAccess[route];
      if (!access) continue; // reported by the first test
      for (const principal of principals) {
        const mine = principal.name === 'client A' && access.who === 'client' && access.owns;
        const url = urlFor(route, (name) =>
          mine ? (objectsOfA.get(access.owns as OwnedObject) ?? NO_ID) : (PLACEHOLDERS[name] ?? NO_ID),
        );
        const expected = expectedFor(access, principal);
        const response = await call(route, principal.name, url);
        calls += 1;
        if (expected === '403') refusedRoles += 1;
        if (!verdict(response, expected)) {
          failures.push(`${route} as ${principal.name}: ${response.statusCode}, expected ${expected}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(700);
    expect(failures).toEqual([]);
    // Every refused role leaves an audit entry (ASVS 16.3.2), whichever route refused it.
    expect((await countDenials()) - deniedBefore).toBe(refusedRoles);
  }, 120_000);
});
