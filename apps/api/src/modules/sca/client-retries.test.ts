import { describe, expect, it } from 'vitest';
import { expectProblem, stepUpProof } from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { currentTotpCode } from '../auth';
import { type ApprovedClient, approvedClient } from '../deactivation/testing/deactivation-fixtures';
import { latestCode } from '../payments/testing/payment-fixtures';

// Retries of the client's other state-changing calls (docs/idempotency.md): a ticket and a
// reply sent twice with one Idempotency-Key are written once; asking to close the account
// with a key answers once, and its confirmation retried with the same code gets the first answer.
const test = useTestApp({
  setUp: async () => {
    dora = await approvedClient(test.app, test.db, 'dora@retries.test');
  },
  setUpTimeoutMs: 180_000,
});
let dora: ApprovedClient;

const post = (url: string, payload: Record<string, unknown>, key?: string) =>
  test.app.inject({
    method: 'POST',
    url,
    headers: key ? { ...dora.session.headers, 'idempotency-key': key } : dora.session.headers,
    payload,
  });
const count = async (sql: string, values: unknown[]) =>
  (await test.db.query<{ n: number }>(sql, values))[0]?.n;

describe('retried tickets', () => {
  it('opens one ticket and writes one reply per key', async () => {
    const ticket = { subject: 'Card arrived?', message: 'Has my card been sent?' };
    const opened = await post('/api/client/tickets', ticket, 'ticket-key-1');
    expect(opened.statusCode, opened.body).toBe(201);
    const again = await post('/api/client/tickets', ticket, 'ticket-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(opened.json());
    expect(
      await count('SELECT count(*)::int AS n FROM support_tickets WHERE client_id = $1', [dora.id]),
    ).toBe(1);
    expectProblem(await post('/api/client/tickets', { ...ticket, subject: 'Other' }, 'ticket-key-1'), 422);

    const id = opened.json().data.id;
    const reply = { message: 'Any news?' };
    const first = await post(`/api/client/tickets/${id}/messages`, reply, 'reply-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post(`/api/client/tickets/${id}/messages`, reply, 'reply-key-1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const messages = 'SELECT count(*)::int AS n FROM support_ticket_messages WHERE ticket_id = $1';
    expect(await count(messages, [id])).toBe(2);
    // Without a key each call is a message of its own, as before.
    expect((await post(`/api/client/tickets/${id}/messages`, reply)).statusCode).toBe(201);
    expect(await count(messages, [id])).toBe(3);
  });
});

describe('a retried request to close the account', () => {
  it('asks once per key; the confirmation retried with its code answers the first answer', async () => {
    const body = { reason: 'no_longer_needed', payout: { kind: 'balance_is_zero' } };
    const asked = await post('/api/client/deactivation', body, 'close-key-1');
    expect(asked.statusCode, asked.body).toBe(202);
    const askedAgain = await post('/api/client/deactivation', body, 'close-key-1');
    expect(askedAgain.statusCode).toBe(202);
    expect(askedAgain.headers['idempotent-replayed']).toBe('true');
    expect(askedAgain.json()).toEqual(asked.json());
    const requests = 'SELECT count(*)::int AS n FROM deactivation_requests WHERE client_id = $1';
    expect(await count(requests, [dora.id])).toBe(1);

    const code = await latestCode(test.app, dora.email);
    const first = await post('/api/client/deactivation/confirm', { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.request.status).toBe('pending');
    const retry = await post('/api/client/deactivation/confirm', { code });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(await post('/api/client/deactivation/confirm', { code: wrong }), 409, 'nothing_to_confirm');
    const audit = `SELECT count(*)::int AS n FROM audit_log WHERE action = 'deactivation.requested'
      AND details->>'client_id' = $1`;
    expect(await count(audit, [dora.id])).toBe(1);
  });
});

describe('a retried authenticator set-up', () => {
  it('answers the first answer for the same code and refuses another', async () => {
    const tom = await approvedClient(test.app, test.db, 'tom@retries.test');
    const as = (payload?: Record<string, unknown>) => ({
      method: 'POST' as const,
      headers: tom.session.headers,
      ...(payload ? { payload } : {}),
    });
    const proof = await stepUpProof(test.app, tom.session, 'totp_setup', { to: 'tom@retries.test' });
    const setup = await test.app.inject({ ...as(proof), url: '/api/client/totp/setup' });
    expect(setup.statusCode, setup.body).toBe(200);
    const code = currentTotpCode(setup.json().data.secret, new Date());
    const first = await test.app.inject({ ...as({ code }), url: '/api/client/totp/confirm' });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await test.app.inject({ ...as({ code }), url: '/api/client/totp/confirm' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // The recovery codes are shown once: the retry's answer is the first one without them.
    expect(first.json().data.recovery_codes).toHaveLength(10);
    expect(retry.json()).toEqual({ data: { ...first.json().data, recovery_codes: null } });
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(
      await test.app.inject({ ...as({ code: wrong }), url: '/api/client/totp/confirm' }),
      409,
      'totp_not_started',
    );
    const audit = `SELECT count(*)::int AS n FROM audit_log WHERE action = 'client.totp_set_up' AND object_id = $1`;
    expect(await count(audit, [tom.id])).toBe(1);
  });
});
