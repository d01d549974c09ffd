import { describe, expect, it } from 'vitest';
import { lastMonth, sumFees } from './api';

// The fee run's totals: charged and owed fees summed apart, each currency on its own.
describe('summing a fee run', () => {
  const fee = (amount: number, currency: string, status: 'owed' | 'charged') => ({
    kind: 'monthly',
    amount,
    currency,
    status,
    charged_at: status === 'charged' ? '2026-11-01T00:00:00.000Z' : null,
  });
  const clients = [
    { client_id: 'a', client_name: 'A', fees: [fee(500, 'EUR', 'charged'), fee(12, 'EUR', 'owed')] },
    { client_id: 'b', client_name: 'B', fees: [fee(500, 'EUR', 'charged'), fee(300, 'GBP', 'charged')] },
  ];

  it('sums charged fees per currency across clients', () => {
    expect([...sumFees(clients, 'charged')]).toEqual([
      ['EUR', 1000],
      ['GBP', 300],
    ]);
  });

  it('keeps owed fees apart from charged ones', () => {
    expect([...sumFees(clients, 'owed')]).toEqual([['EUR', 12]]);
    expect(sumFees(clients.slice(1), 'owed').size).toBe(0);
  });

  it('defaults to the month before, across a year end', () => {
    expect(lastMonth(new Date('2026-01-15T10:00:00Z'))).toBe('2025-12');
    expect(lastMonth(new Date('2026-11-26T10:00:00Z'))).toBe('2026-10');
  });
});
