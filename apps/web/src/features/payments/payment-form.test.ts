import { describe, expect, it } from 'vitest';
import { filtersFromParams, withFilter } from './payment-filters';
import {
  accountAllowed,
  checkPayee,
  currencyChoices,
  emptyPayee,
  formFromPayment,
  minorToInput,
  parsePaymentAmount,
  payeeDetails,
  toPaymentBody,
} from './payment-form';
import { recipientAccountLine } from './recipient-summary';

const ACCOUNT = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
const RECIPIENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('amounts', () => {
  it('parses typed amounts into minor units of the currency', () => {
    expect(parsePaymentAmount('100', 'EUR')).toEqual({ ok: true, amount: 10_000 });
    expect(parsePaymentAmount('1 234,5', 'EUR')).toEqual({ ok: true, amount: 123_450 });
    expect(parsePaymentAmount('100', 'JPY')).toEqual({ ok: true, amount: 100 });
    expect(parsePaymentAmount('0.001', 'EUR')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parsePaymentAmount('1e3', 'EUR')).toEqual({ ok: false, error: 'invalid_format' });
    expect(parsePaymentAmount('0', 'EUR')).toEqual({ ok: false, error: 'zero' });
    expect(parsePaymentAmount('', 'EUR')).toEqual({ ok: false, error: 'required' });
    expect(parsePaymentAmount('1000000.01', 'GBP', 'faster_pay')).toEqual({ ok: false, error: 'over_limit' });
  });

  it('writes minor units back as typed text without floats', () => {
    expect(minorToInput(10_000, 2)).toBe('100.00');
    expect(minorToInput(5, 2)).toBe('0.05');
    expect(minorToInput(1234, 0)).toBe('1234');
    expect(minorToInput(1001, 3)).toBe('1.001');
  });
});

describe('payees', () => {
  it('drops blank optional fields and keeps required ones', () => {
    const values = { ...emptyPayee('sepa'), name: ' Anna ', iban: 'DE89 3704 0044 0532 0130 00' };
    expect(payeeDetails('sepa', values)).toEqual({ name: 'Anna', iban: 'DE89 3704 0044 0532 0130 00' });
  });

  it('checks with the shared schema of the type', () => {
    const ok = checkPayee('faster_pay', { name: 'Tom', sort_code: '12-34-56', account_number: '12345678' });
    expect(ok).toEqual({
      ok: true,
      details: { name: 'Tom', sort_code: '123456', account_number: '12345678' },
    });
    const bad = checkPayee('faster_pay', { name: 'Том', sort_code: '1234', account_number: '1' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['account_number', 'name', 'sort_code']);
  });

  it('shows the account line a person recognises', () => {
    expect(recipientAccountLine({ iban: 'DE89370400440532013000' })).toBe('DE89 3704 0044 0532 0130 00');
    expect(recipientAccountLine({ sort_code: '123456', account_number: '12345678' })).toBe(
      '12-34-56 12345678',
    );
  });
});

describe('form to API body', () => {
  const base = {
    account_id: ACCOUNT,
    amount: '100',
    currency: 'EUR',
    description: ' Rent ',
    recipient_id: '',
    payee: { ...emptyPayee('sepa'), name: 'Anna', iban: 'DE89370400440532013000' },
    save_recipient: true,
  };

  it('maps a typed-in payee and the save choice', () => {
    expect(toPaymentBody('sepa', base)).toEqual({
      ok: true,
      body: {
        type: 'sepa',
        account_id: ACCOUNT,
        amount: 10_000,
        currency: 'EUR',
        recipient: { name: 'Anna', iban: 'DE89370400440532013000' },
        description: 'Rent',
        save_recipient: true,
      },
    });
  });

  it('sends only the id of a saved recipient', () => {
    const result = toPaymentBody('sepa', { ...base, recipient_id: RECIPIENT, description: '' });
    expect(result).toEqual({
      ok: true,
      body: { type: 'sepa', account_id: ACCOUNT, amount: 10_000, currency: 'EUR', recipient_id: RECIPIENT },
    });
  });

  it('collects errors of the amount, the account and the payee', () => {
    const result = toPaymentBody('sepa', {
      ...base,
      account_id: '',
      amount: '1.234',
      payee: { ...base.payee, iban: 'nope' },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.account_id).toBe('required');
      expect(result.errors.amount).toBe('amount.too_many_decimals');
      expect(result.errors['payee.iban']).toBeDefined();
    }
  });

  it('copies a payment back into the form', () => {
    const values = formFromPayment({
      type: 'faster_pay',
      account_id: ACCOUNT,
      amount: 2550,
      currency: 'GBP',
      description: 'Lunch',
      recipient_id: null,
      payee: { name: 'Tom', sort_code: '123456', account_number: '12345678' },
    });
    expect(values.amount).toBe('25.50');
    expect(values.payee).toEqual({ name: 'Tom', sort_code: '123456', account_number: '12345678' });
    expect(toPaymentBody('faster_pay', values).ok).toBe(true);
  });
});

describe('rules per type', () => {
  it('limits currencies and source accounts per rail', () => {
    expect(currencyChoices('sepa', ['EUR', 'GBP'], ['USD'])).toEqual(['EUR']);
    expect(currencyChoices('faster_pay', ['EUR', 'GBP'], ['USD'])).toEqual(['GBP']);
    expect(currencyChoices('international', ['EUR'], ['EUR', 'USD'])).toEqual(['EUR', 'USD']);
    expect(accountAllowed('sepa', 'GBP')).toBe(false);
    expect(accountAllowed('faster_pay', 'GBP')).toBe(true);
    expect(accountAllowed('international', 'GBP')).toBe(true);
  });
});

describe('history filters in the address', () => {
  it('keeps known values and drops unknown ones', () => {
    const params = new URLSearchParams(
      'status=completed&type=bogus&date_from=2025-01-01&date_to=x&q=%20rent%20&page=3',
    );
    expect(filtersFromParams(params)).toEqual({
      status: 'completed',
      date_from: '2025-01-01',
      q: 'rent',
      page: 3,
    });
  });

  it('starts again at page 1 when a filter changes', () => {
    expect(withFilter({ status: 'completed', page: 3 }, 'type', 'sepa')).toEqual({
      status: 'completed',
      type: 'sepa',
    });
    expect(withFilter({ status: 'completed' }, 'page', 2)).toEqual({ status: 'completed', page: '2' });
    expect(withFilter({ status: 'completed', page: 2 }, 'status', undefined)).toEqual({});
  });
});
