import { brand } from '@bluepeak/core';
import { lineLabel } from '@bluepeak/core/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useDemoWorld } from '../../testing/demo-world';
import { creditIncomingPayment, findAccountForIncomingCredit } from '../accounts';
import { confirm as confirmExchange, quote } from '../exchange/testing/exchange-fixtures';
import { confirmByCode, postPayment } from '../payments/testing/payment-fixtures';
import { readPdfText } from './testing/read-formats';

type Entry = { id: string; code: string; description: string; counterparty: string; amount: number };

const ALICE = 'private@demo.test';
const BOB = 'business@demo.test';
const today = new Date().toISOString().slice(0, 10);

// Each statement line names its counterparty, in JSON, CSV and PDF alike, and is labelled by
// core's one vocabulary (docs/requirements/statements.md, "Lines").
describe('the counterparty and label of each statement line', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: {
      aliceEur: [ALICE, 'EUR', 100_000],
      aliceGbp: [ALICE, 'GBP', 0],
      bobEur: [BOB, 'EUR', 0],
    },
    sessions: { alice: [ALICE], bob: [BOB] },
  });
  const statement = (session: 'alice' | 'bob', accountId: string, format: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/client/statements?account_id=${accountId}&from=${today}&to=${today}&format=${format}`,
      headers: sessions[session].headers,
    });
  const entriesOf = async (session: 'alice' | 'bob', accountId: string): Promise<Entry[]> => {
    const response = await statement(session, accountId, 'json');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.entries;
  };
  const line = (entries: Entry[], code: string) => {
    const found = entries.find((entry) => entry.code === code);
    if (!found) throw new Error(`no ${code} line in ${JSON.stringify(entries)}`);
    return found;
  };

  beforeAll(async () => {
    // The payer names the payee as they like; the statement names the client as registered.
    const payment = await postPayment(test.app, sessions.alice, {
      type: 'internal',
      account_id: accounts.aliceEur.id,
      amount: 2_500,
      currency: 'EUR',
      recipient: { name: 'My supplier', account_number: accounts.bobEur.iban },
      description: 'Invoice 42',
    });
    const paid = await confirmByCode(test.app, sessions.alice, ALICE, payment.json().data.id);
    expect(paid.json().data.status).toBe('completed');
    const quoted = await quote(test.app, sessions.alice, {
      from_account_id: accounts.aliceEur.id,
      to_account_id: accounts.aliceGbp.id,
      sell_amount: 10_000,
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect((await confirmExchange(test.app, sessions.alice, quoted.json().data.id)).statusCode).toBe(200);
    await withTransaction(test.db, async (tx) => {
      const target = await findAccountForIncomingCredit(tx, {
        iban: accounts.aliceEur.iban,
        currency: 'EUR',
      });
      if (!target) throw new Error("no account at Alice's IBAN");
      await creditIncomingPayment(tx, {
        target,
        amountMinor: 4_000,
        rail: 'sepa',
        reference: 'counterparty-test-1',
        payerName: 'Erika Mustermann',
      });
    });
  });

  it("names who was paid, who paid, an exchange's currencies and the institution for a fee", async () => {
    const alice = await entriesOf('alice', accounts.aliceEur.id);
    expect(line(alice, 'internal_payment')).toMatchObject({
      counterparty: 'Northwind Trading Ltd',
      description: 'Internal payment: Invoice 42',
      amount: -2_500,
    });
    expect(line(alice, 'fx_exchange')).toMatchObject({
      counterparty: 'EUR/GBP',
      description: 'Currency exchange',
    });
    expect(line(alice, 'incoming_payment')).toMatchObject({
      counterparty: 'Erika Mustermann',
      description: 'Incoming payment',
      amount: 4_000,
    });
    const fees = alice.filter((entry) => ['fx_markup', 'incoming_fee'].includes(entry.code));
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) expect(fee.counterparty).toBe(brand.trading_name);
    const gbp = await entriesOf('alice', accounts.aliceGbp.id);
    expect(line(gbp, 'fx_exchange')).toMatchObject({ counterparty: 'EUR/GBP' });
    const bob = await entriesOf('bob', accounts.bobEur.id);
    expect(line(bob, 'internal_payment')).toMatchObject({ counterparty: 'Alex Morgan', amount: 2_500 });
  });

  it("labels every line by core's label of its code, in JSON, CSV and PDF", async () => {
    const entries = await entriesOf('alice', accounts.aliceEur.id);
    for (const entry of entries)
      expect(entry.description.startsWith(lineLabel(entry.code)), entry.code).toBe(true);
    expect(entries.map((entry) => entry.description).join()).not.toMatch(/_/);
    const csv = (await statement('alice', accounts.aliceEur.id, 'csv')).body.split('\r\n').slice(2, -2);
    expect(csv).toHaveLength(entries.length);
    entries.forEach((entry, index) => {
      expect(csv[index]).toContain(`,${entry.description},${entry.counterparty},`);
    });
    const pdf = await statement('alice', accounts.aliceEur.id, 'pdf');
    const { text } = await readPdfText(pdf.rawPayload);
    for (const words of [
      'Northwind Trading Ltd',
      'Erika Mustermann',
      'EUR/GBP',
      'Internal payment: Invoice 42',
    ])
      expect(text).toContain(words);
  });

  it('labels the lines of the account statement and its CSV by code, never the code itself', async () => {
    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/client/accounts/${accounts.aliceEur.id}/statement.csv?from=${today}&to=${today}`,
      headers: sessions.alice.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(',Internal payment,');
    expect(csv.body).toContain(',Currency exchange,');
    expect(csv.body).not.toMatch(/,(internal_payment|fx_exchange|incoming_payment),/);
  });
});
