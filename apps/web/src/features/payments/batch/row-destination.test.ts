import { describe, expect, it } from 'vitest';
import { duplicateWords, rowDestination } from './row-destination';

const row = (fields: Record<string, string>) => ({ fields });

describe('rowDestination', () => {
  it('writes an IBAN as typed in groups of four, without stray spaces or lower case', () => {
    expect(rowDestination(row({ name: 'Erika', iban: 'de89 3704 0044 0532 0130 00' }))).toBe(
      'DE89 3704 0044 0532 0130 00',
    );
  });

  it('writes a sort code and account number as the recipients page does, however the sort code was typed', () => {
    expect(rowDestination(row({ sort_code: '04-00-04', account_number: '12345678' }))).toBe(
      '04-00-04 12345678',
    );
    expect(rowDestination(row({ sort_code: '040004', account_number: '12345678' }))).toBe(
      '04-00-04 12345678',
    );
  });

  it('shows the half of a UK account that was given, and nothing when no account is', () => {
    expect(rowDestination(row({ account_number: '12345678' }))).toBe('12345678');
    expect(rowDestination(row({ name: 'No Account', amount: '1.00' }))).toBeNull();
  });
});

describe('duplicateWords', () => {
  it('gives the earlier payment its date, amount with currency and payee as the app writes them', () => {
    const words = duplicateWords({
      payment_id: 'p-1',
      created_at: '2026-05-03T23:30:00.000+00:00',
      amount: 125_000,
      currency: 'EUR',
      name: 'Payee 0',
    });
    expect(words).toEqual({ date: '03-05-2026', amount: '1\u00a0250.00\u00a0EUR', name: 'Payee 0' });
  });
});
