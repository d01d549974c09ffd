import { describe, expect, it } from 'vitest';
import { parseExchangeRate } from '../fx-rates/exchange-rate';
import { fxReferenceRates } from '../fx-rates/fx-reference-rates';
import { currencyByCode } from '../reference/currencies';
import { createPaymentOfTypeSchema, createPaymentSchema, paymentListQuerySchema } from './payment-schemas';
import { paymentReferenceForPeople, toSepaCharacters } from './payment-text';
import { createRecipientSchema } from './recipient-schemas';

const account = '5f1d7a52-3c55-4bd1-9a0e-0f2d6c8a9b11';
const sepa = { name: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00' };

describe('payment schemas', () => {
  it('takes a SEPA payment with a typed payee and normalises the IBAN', () => {
    const parsed = createPaymentSchema.parse({
      type: 'sepa',
      account_id: account,
      amount: 100,
      currency: 'EUR',
      recipient: sepa,
    });
    expect(parsed.recipient).toMatchObject({ iban: 'DE89370400440532013000' });
  });

  it('needs exactly one of recipient_id and recipient', () => {
    const base = { type: 'sepa', account_id: account, amount: 100, currency: 'EUR' };
    expect(createPaymentSchema.safeParse(base).success).toBe(false);
    expect(createPaymentSchema.safeParse({ ...base, recipient: sepa, recipient_id: account }).success).toBe(
      false,
    );
  });

  it('refuses amounts that are not JSON integers and fields nobody may set', () => {
    const base = { type: 'sepa', account_id: account, currency: 'EUR', recipient: sepa };
    for (const amount of [10.5, '100', null, -0, Number.NaN]) {
      expect(createPaymentSchema.safeParse({ ...base, amount }).success, String(amount)).toBe(false);
    }
    for (const extra of ['fee', 'status', 'rate', 'owner_id']) {
      expect(createPaymentSchema.safeParse({ ...base, amount: 1, [extra]: 1 }).success, extra).toBe(false);
    }
  });

  it('lets the path give the type', () => {
    const schema = createPaymentOfTypeSchema('faster_pay');
    const body = {
      account_id: account,
      amount: 1,
      currency: 'GBP',
      recipient: { name: 'Tom', sort_code: '20-00-00', account_number: '55779911' },
    };
    expect(schema.parse(body).recipient).toMatchObject({ sort_code: '200000' });
    expect(schema.safeParse({ ...body, type: 'sepa' }).success).toBe(false);
  });

  it('keeps payee text to Latin script without control, bidi or zero-width characters', () => {
    for (const name of ['Иван', 'A\u0000B', 'A\u202EB', 'A\u200BB', 'Line\nbreak', 'e\u0301']) {
      expect(
        createRecipientSchema.safeParse({ type: 'sepa', details: { ...sepa, name } }).success,
        name,
      ).toBe(false);
    }
    expect(
      createRecipientSchema.safeParse({ type: 'sepa', details: { ...sepa, name: 'Zoë Ørsted-Müller' } })
        .success,
    ).toBe(true);
  });

  it('refuses listing abuse', () => {
    for (const query of [
      { limit: '100000' },
      { page: '0' },
      { sort: 'amount' },
      { status: ['a', 'b'] },
      { date_from: '2025-02-30' },
    ]) {
      expect(paymentListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(paymentListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20 });
  });
});

describe('SEPA characters and reference rates', () => {
  it('transliterates to the EPC set', () => {
    expect(toSepaCharacters('Jürgen Müller & Söhne, Straße 1')).toBe('Jurgen Muller Sohne, Strasse 1');
  });

  it('ships over 100 parseable rates, each for a known currency', () => {
    const entries = Object.entries(fxReferenceRates);
    expect(entries.length).toBeGreaterThanOrEqual(100);
    for (const [code, rate] of entries) {
      expect(currencyByCode(code), code).toBeDefined();
      expect(() => parseExchangeRate('EUR', code, rate)).not.toThrow();
    }
  });
});

describe('the payment reference people read', () => {
  it('is the first eight characters of a 32-character end-to-end id, upper case', () => {
    expect(paymentReferenceForPeople('7f3a9c21b04e4d7f8a6b1c2d3e4f5a6b')).toBe('7F3A9C21');
    expect(paymentReferenceForPeople('demo-12')).toBe('demo-12');
  });
});
