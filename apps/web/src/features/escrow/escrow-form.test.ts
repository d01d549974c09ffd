import { describe, expect, it } from 'vitest';
import { emptyParty } from './counterparty-field';
import { type EscrowFormValues, escrowErrorText, formFieldOf, toEscrowBody } from './escrow-form';

const today = new Date('2026-12-07T10:00:00Z');
const filled: EscrowFormValues = {
  role: 'buyer',
  party: { ...emptyParty, contact: 'seller@example.test' },
  currency: 'EUR',
  amount: '1 250.50',
  title: 'A used car',
  buyer_deliverables: 'The money',
  seller_deliverables: 'The car and its papers',
  conditions: [{ description: 'The car is delivered', presenter: 'seller' }],
  deadline: '2027-01-31',
  standard: true,
};

describe('the new-deal form', () => {
  it('sends a filled form as the API body, the amount in minor units', () => {
    const result = toEscrowBody(filled, today);
    expect(result).toEqual({
      ok: true,
      body: {
        role: 'buyer',
        counterparty: { email: 'seller@example.test' },
        amount: 125_050,
        currency: 'EUR',
        title: 'A used car',
        buyer_deliverables: 'The money',
        seller_deliverables: 'The car and its papers',
        conditions: [{ description: 'The car is delivered', presenter: 'seller' }],
        deadline: '2027-01-31',
        standard: true,
      },
    });
  });

  it('marks every empty field on its own, never the schema’s union or date-format wording', () => {
    const empty: EscrowFormValues = {
      ...filled,
      party: emptyParty,
      amount: '',
      title: '',
      buyer_deliverables: ' ',
      seller_deliverables: '',
      conditions: [{ description: '', presenter: 'seller' }],
      deadline: '',
    };
    const result = toEscrowBody(empty, today);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'party.contact': 'required',
      amount: 'amount.required',
      title: 'Please write something',
      buyer_deliverables: 'Please write something',
      seller_deliverables: 'Please write something',
      'conditions.0.description': 'Please write something',
      deadline: 'required',
    });
  });

  it('reads an account number or IBAN without its spaces, and says when it is too short', () => {
    const iban = toEscrowBody(
      { ...filled, party: { ...emptyParty, contact: 'DE89 3704 0044 0532 0130 00' } },
      today,
    );
    expect(iban.ok && iban.body.counterparty).toEqual({ account_number: 'DE89370400440532013000' });
    const short = toEscrowBody({ ...filled, party: { ...emptyParty, contact: '123' } }, today);
    expect(!short.ok && short.errors).toEqual({ 'party.contact': 'Use at least 6 characters' });
    const email = toEscrowBody({ ...filled, party: { ...emptyParty, contact: 'a@b' } }, today);
    expect(!email.ok && email.errors).toEqual({ 'party.contact': 'Not an e-mail address' });
  });

  it('checks a seller outside the institution field by field', () => {
    const outside = { ...emptyParty, outside: true, name: '', iban: 'XX' };
    const result = toEscrowBody({ ...filled, party: outside }, today);
    expect(!result.ok && result.errors).toEqual({
      'party.name': 'This field is required',
      'party.iban': 'Not an IBAN',
    });
    // The buyer presents every condition of a deal with an outside seller.
    const named = { ...outside, name: 'Autohaus Ltd', iban: 'DE89370400440532013000' };
    const sent = toEscrowBody({ ...filled, party: named }, today);
    expect(sent.ok && sent.body.conditions).toEqual([
      { description: 'The car is delivered', presenter: 'buyer' },
    ]);
    // A seller proposing cannot name an outside buyer: the contact field is what counts.
    const asSeller = toEscrowBody({ ...filled, role: 'seller', party: { ...named, contact: '' } }, today);
    expect(!asSeller.ok && asSeller.errors).toEqual({ 'party.contact': 'required' });
  });

  it('takes a deadline from today on and within two years only', () => {
    for (const [deadline, error] of [
      ['2026-12-06', 'deadline_range'],
      ['2026-12-07', undefined],
      ['2028-12-05', undefined],
      ['2028-12-06', 'deadline_range'],
    ] as const) {
      const result = toEscrowBody({ ...filled, deadline }, today);
      expect(result.ok ? undefined : result.errors.deadline, deadline).toBe(error);
    }
  });

  it('says why an amount is not one', () => {
    for (const [amount, error] of [
      ['0', 'amount.zero'],
      ['12.345', 'amount.too_many_decimals'],
      ['1e3', 'amount.invalid_format'],
    ] as const) {
      const result = toEscrowBody({ ...filled, amount }, today);
      expect(!result.ok && result.errors).toEqual({ amount: error });
    }
  });

  it('puts the API’s field names on the form’s fields', () => {
    expect(formFieldOf('body.counterparty')).toBe('party.contact');
    expect(formFieldOf('body.counterparty.email')).toBe('party.contact');
    expect(formFieldOf('counterparty.outside.iban')).toBe('party.iban');
    expect(formFieldOf('counterparty.outside.bank_name')).toBe('party.bankName');
    expect(formFieldOf('body.conditions.1.description')).toBe('conditions.1.description');
    expect(formFieldOf('deadline')).toBe('deadline');
  });

  it('says every error in words of the visitor’s, the API’s English sentences too', () => {
    const t = (key: string) => `«${key}»`;
    expect(escrowErrorText('required', t)).toBe('«common:form_required»');
    expect(escrowErrorText('amount.zero', t)).toBe('«common:amount_errors.zero»');
    expect(escrowErrorText('No approved client of ours matches this counterparty.', t)).toBe(
      '«escrow:form.counterparty_not_found»',
    );
    expect(escrowErrorText('You hold no CHF account to deal in.', t)).toBe('«escrow:form.not_held»');
    expect(escrowErrorText(undefined, t)).toBeUndefined();
  });
});
