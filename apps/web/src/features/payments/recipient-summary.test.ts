import { describe, expect, it } from 'vitest';
import { awaitingCode, canSaveAsRecipient } from './recipient-summary';

const IBAN = 'DE89370400440532013000';
const typed = { type: 'sepa' as const, payee: { name: 'Anna Schmidt', iban: IBAN }, recipient_id: null };
const saved = (over: Record<string, unknown> = {}) => ({
  type: 'sepa' as const,
  status: 'active' as const,
  details: { name: 'Anna S.', iban: IBAN, bic: 'COBADEFFXXX' },
  pending_details: null,
  ...over,
});

describe('saving a payment’s payee as a recipient', () => {
  it('is offered for a payee typed by hand whose account is not saved', () => {
    expect(canSaveAsRecipient(typed, [])).toBe(true);
    const other = saved({ details: { name: 'Anna Schmidt', iban: 'DE02120300000000202051' } });
    expect(canSaveAsRecipient(typed, [other])).toBe(true);
  });

  it('is not offered when the payment went to a saved recipient', () => {
    expect(canSaveAsRecipient({ ...typed, recipient_id: 'r1' }, [])).toBe(false);
  });

  it('is not offered when a trusted recipient of the account exists, by any name', () => {
    expect(canSaveAsRecipient(typed, [saved()])).toBe(false);
    const changing = saved({
      details: { name: 'X', iban: 'DE02120300000000202051' },
      pending_details: { iban: IBAN },
    });
    expect(canSaveAsRecipient(typed, [changing])).toBe(false);
  });

  it('is offered when the saved one still waits for its code (saving takes it up again) or is of another type', () => {
    expect(canSaveAsRecipient(typed, [saved({ status: 'pending_confirmation' })])).toBe(true);
    expect(canSaveAsRecipient(typed, [saved({ type: 'international' })])).toBe(true);
  });
});

describe('a recipient awaiting its code', () => {
  it('is a new one not confirmed, or a trusted one with a change waiting', () => {
    expect(awaitingCode({ status: 'pending_confirmation', pending_details: null })).toBe(true);
    expect(awaitingCode({ status: 'active', pending_details: { name: 'New' } })).toBe(true);
    expect(awaitingCode({ status: 'active', pending_details: null })).toBe(false);
  });
});
