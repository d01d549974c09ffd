import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { balanceOf, latestCode } from './testing/payment-fixtures';
import { ALICE, sepaPayee, usePaymentsApi } from './testing/payments-api-context';

// A confirmation whose answer is lost is retried (docs/idempotency.md): the retry with the same
// code, or the same Idempotency-Key, gets the first answer, and the money moves once. Any other
// code is refused as before. A payment's and a recipient's confirmation, and the creating calls
// that take an optional key.
const { test, accounts, sessions, confirm, pay } = usePaymentsApi();

const transfersOf = async (paymentId: string) =>
  (
    await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE reference_type = 'payment' AND reference_id = $1`,
      [paymentId],
    )
  )[0]?.n;

const confirmWithKey = (id: string, code: string, key: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/client/payments/${id}/confirm`,
    headers: { ...sessions.alice.headers, 'idempotency-key': key },
    payload: { code },
  });

async function newPayment(amount: number, recipient: Record<string, unknown> = sepaPayee()) {
  const type = 'iban' in recipient ? 'sepa' : 'internal';
  const created = await pay(sessions.alice, {
    type,
    account_id: accounts.aliceEur.id,
    amount,
    currency: 'EUR',
    recipient,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().data.id as string, code: await latestCode(test.app, ALICE) };
}

describe('a retried payment confirmation', () => {
  it('answers the first answer again for the same code, and books the money once', async () => {
    const { id, code } = await newPayment(1_000);
    const first = await confirm(sessions.alice, id, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const booked = await transfersOf(id);
    expect(booked).toBeGreaterThan(0);
    const held = await balanceOf(test.db, accounts.aliceEur);

    const retry = await confirm(sessions.alice, id, code);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await transfersOf(id)).toBe(booked);
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual(held);

    // Another code on the confirmed payment is refused as before, and so is another client.
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(await confirm(sessions.alice, id, wrong), 409, 'payment_not_awaiting_confirmation');
    expectProblem(await confirm(sessions.bob, id, code), 404);
    expect(await transfersOf(id)).toBe(booked);
  });

  it('moves an internal payment once however often it is confirmed', async () => {
    const bobBefore = await balanceOf(test.db, accounts.bobEur);
    const { id, code } = await newPayment(700, { name: 'Northwind', account_number: accounts.bobEur.iban });
    // Five at once (concurrent on PostgreSQL): one runs, the others wait or lose and replay it.
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(sessions.alice, id, code)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]?.json());
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(answers[0]?.json().data.status).toBe('completed');
    expect((await confirm(sessions.alice, id, code)).json()).toEqual(answers[0]?.json());
    expect(await transfersOf(id)).toBe(1);
    expect((await balanceOf(test.db, accounts.bobEur)).balance).toBe(bobBefore.balance + 700);
  });

  it('replays by Idempotency-Key; the key with another code is a 422', async () => {
    const { id, code } = await newPayment(1_200);
    const first = await confirmWithKey(id, code, 'confirm-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const booked = await transfersOf(id);
    const replay = await confirmWithKey(id, code, 'confirm-key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(await confirmWithKey(id, wrong, 'confirm-key-1'), 422, 'idempotency_key_reused');
    expectProblem(await confirmWithKey(id, wrong, 'confirm-key-2'), 409, 'payment_not_awaiting_confirmation');
    expect(await transfersOf(id)).toBe(booked);
    expectProblem(await confirmWithKey(id, code, 'bad key'), 400, 'idempotency_key_invalid');
  });

  it('keeps a failed confirmation out of the store: a wrong code then the right one with one key', async () => {
    const { id, code } = await newPayment(1_300);
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(await confirmWithKey(id, wrong, 'confirm-key-3'), 422, 'sca_code_invalid');
    const right = await confirmWithKey(id, code, 'confirm-key-3');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a retried cancellation', () => {
  it('replays for the same Idempotency-Key and voids the hold once', async () => {
    const { id, code } = await newPayment(1_400);
    expect((await confirm(sessions.alice, id, code)).statusCode).toBe(200);
    const before = await balanceOf(test.db, accounts.aliceEur);
    const cancel = (key?: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/client/payments/${id}/cancel`,
        headers: key ? { ...sessions.alice.headers, 'idempotency-key': key } : sessions.alice.headers,
      });
    const first = await cancel('cancel-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('cancelled');
    const freed = await balanceOf(test.db, accounts.aliceEur);
    expect(freed.available).toBeGreaterThan(before.available);
    const retry = await cancel('cancel-key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual(freed);
    // Without the key, a second cancellation is refused as before.
    expectProblem(await cancel(), 409, 'payment_not_cancellable');
  });
});

describe('a retried recipient', () => {
  const post = (url: string, payload: Record<string, unknown>, key?: string) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: key ? { ...sessions.alice.headers, 'idempotency-key': key } : sessions.alice.headers,
      payload,
    });
  const countRecipients = async (name: string) =>
    (
      await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM recipients WHERE details->>'name' = $1`,
        [name],
      )
    )[0]?.n;

  it('is created once for one key, and its confirmation replays for the same code', async () => {
    const body = { type: 'sepa', details: { name: 'Retried Recipient', iban: sepaPayee().iban } };
    const added = await post('/api/client/recipients', body, 'recipient-key-1');
    expect(added.statusCode, added.body).toBe(201);
    const again = await post('/api/client/recipients', body, 'recipient-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(added.json());
    expect(await countRecipients('Retried Recipient')).toBe(1);
    expectProblem(
      await post(
        '/api/client/recipients',
        { ...body, details: { ...body.details, name: 'Other' } },
        'recipient-key-1',
      ),
      422,
      'idempotency_key_reused',
    );

    const id = added.json().data.id;
    const code = await latestCode(test.app, ALICE);
    const first = await post(`/api/client/recipients/${id}/confirm`, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('active');
    const retry = await post(`/api/client/recipients/${id}/confirm`, { code });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(
      await post(`/api/client/recipients/${id}/confirm`, { code: wrong }),
      409,
      'nothing_to_confirm',
    );
    const audit = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'recipient.confirmed' AND object_id = $1`,
      [id],
    );
    expect(audit[0]?.n).toBe(1);
  });
});
