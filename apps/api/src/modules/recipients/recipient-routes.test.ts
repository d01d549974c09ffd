import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { latestCode, type Session } from '../payments/testing/payment-fixtures';
import { ALICE, SEPA_IBAN, sepaPayee, usePaymentsApi } from '../payments/testing/payments-api-context';

// docs/requirements/recipients.md, "One recipient per account": a second save of an account
// takes up the one still waiting for its code instead of listing two, and is refused once the
// account is a trusted recipient; a payment's "save the payee" does not save it twice either.
const { test, accounts, sessions, pay, confirm } = usePaymentsApi();
const OTHER_IBAN = 'DE02120300000000202051';

const add = (session: Session, details: Record<string, string>, key?: string) =>
  test.app.inject({
    method: 'POST',
    url: '/api/client/recipients',
    headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { type: 'sepa', details },
  });

const confirmRecipient = (id: string, code: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/client/recipients/${id}/confirm`,
    headers: sessions.alice.headers,
    payload: { code },
  });

async function listed(iban: string) {
  const list = await test.app.inject({
    method: 'GET',
    url: '/api/client/recipients?type=sepa',
    headers: sessions.alice.headers,
  });
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().data as { id: string; status: string; details: Record<string, string> }[]).filter(
    (recipient) => recipient.details.iban === iban,
  );
}

describe('one recipient per account', () => {
  it('takes up a recipient left at its code step instead of listing it twice', async () => {
    const first = await add(sessions.alice, sepaPayee('Erika Mustermann'));
    expect(first.statusCode, first.body).toBe(201);
    const firstCode = await latestCode(test.app, ALICE);
    // The code step abandoned, the same account is added again, typed another way, named anew.
    const again = await add(sessions.alice, {
      name: 'Erika M.',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });
    expect(again.statusCode, again.body).toBe(201);
    const renewed = again.json().data;
    expect(renewed).toMatchObject({
      id: first.json().data.id,
      status: 'pending_confirmation',
      name: 'Erika M.',
    });
    expect(renewed.sca.challenge_id).not.toBe(first.json().data.sca.challenge_id);
    expect(await listed(SEPA_IBAN)).toHaveLength(1);

    // Only the newest code confirms it, with the details it was sent for.
    expectProblem(await confirmRecipient(renewed.id, firstCode), 422, 'sca_code_invalid');
    const confirmed = await confirmRecipient(renewed.id, await latestCode(test.app, ALICE));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'active', name: 'Erika M.' });
    const [audit] = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'recipient.added' AND object_id = $1`,
      [renewed.id],
    );
    expect(audit?.n).toBe(2);
  });

  it('refuses to save a trusted account again, or to change another recipient into it', async () => {
    expectProblem(await add(sessions.alice, sepaPayee('Someone else')), 409, 'recipient_exists');
    // Another client may save the same account: it is Alice's recipient, not the account's.
    expect((await add(sessions.bob, sepaPayee())).statusCode).toBe(201);
    const other = await add(sessions.alice, { name: 'Max Muster', iban: OTHER_IBAN });
    expect(other.statusCode, other.body).toBe(201);
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/client/recipients/${other.json().data.id}`,
      headers: sessions.alice.headers,
      payload: { type: 'sepa', details: sepaPayee('Max Muster') },
    });
    expectProblem(changed, 409, 'recipient_exists');
    expect(await listed(SEPA_IBAN)).toHaveLength(1);
    // The same IBAN for another payment type is another recipient.
    const swift = await test.app.inject({
      method: 'POST',
      url: '/api/client/recipients',
      headers: sessions.alice.headers,
      payload: {
        type: 'international',
        details: {
          name: 'Erika M.',
          address: '1 Hauptstrasse, Berlin',
          country: 'DE',
          account_number: SEPA_IBAN,
          bank_name: 'Commerzbank',
          swift: 'COBADEFFXXX',
        },
      },
    });
    expect(swift.statusCode, swift.body).toBe(201);
  });

  it('saves two additions of one account sent at once as one recipient', async () => {
    const iban = 'FR1420041010050500013M02606';
    const answers = await Promise.all(
      [1, 2, 3].map((n) => add(sessions.alice, { name: `Payee ${n}`, iban }, `same-${n}`)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await listed(iban)).toHaveLength(1);
  });

  it('does not save a payment’s payee twice: the payment gets the recipient of its account', async () => {
    const payWithSave = async (recipient: Record<string, string>) => {
      const created = await pay(sessions.alice, {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 1000,
        currency: 'EUR',
        recipient,
        save_recipient: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      const confirmed = await confirm(
        sessions.alice,
        created.json().data.id,
        await latestCode(test.app, ALICE),
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return confirmed.json().data as { recipient_id: string | null };
    };
    // A trusted recipient of the account: the payment is linked to it, nothing new is saved.
    const [trusted] = await listed(SEPA_IBAN);
    expect((await payWithSave(sepaPayee('Erika again'))).recipient_id).toBe(trusted?.id);
    expect(await listed(SEPA_IBAN)).toHaveLength(1);

    // One waiting for its code: the payment's code confirmed the payee, so it becomes trusted.
    const iban = 'NL91ABNA0417164300';
    const waiting = (await add(sessions.alice, { name: 'Jan de Vries', iban })).json().data;
    const paid = await payWithSave({ name: 'Jan de Vries', iban });
    expect(paid.recipient_id).toBe(waiting.id);
    expect(await listed(iban)).toMatchObject([{ id: waiting.id, status: 'active' }]);
  });
});
