import { describe, expect, it } from 'vitest';
import { statementCsv } from './statement-csv';

describe('the statement CSV', () => {
  it('writes plain decimals, labels each line and defuses cells a spreadsheet would run as a formula', () => {
    const csv = statementCsv({
      account: {
        id: 'a',
        name: 'Main',
        balance: 123_456_789,
        available_balance: 123_456_789,
        currency: { code: 'EUR', name: 'Euro', exponent: 2 },
      },
      from: '2026-01-01',
      to: '2026-01-31',
      opening_balance: 123_456_689,
      closing_balance: 123_456_789,
      total_credits: 100,
      total_debits: 0,
      transactions: {
        data: [
          {
            id: 't',
            code: 'incoming_payment',
            direction: 'credit',
            amount: 100,
            balance_after: 123_456_789,
            reference_type: '@payment',
            reference_id: 'p, "quoted"',
            event_at: '2026-01-05T09:00:00.000Z',
            created_at: '2026-01-05T09:00:00.000Z',
          },
        ],
      },
    });
    const rows = csv.split('\r\n');
    expect(rows[1]).toBe(',Opening balance,,,,1234566.89,EUR');
    expect(rows[2]).toBe(
      `2026-01-05T09:00:00.000Z,Incoming payment,"'@payment:p, ""quoted""",,1.00,1234567.89,EUR`,
    );
    expect(rows[3]).toBe(',Closing balance,,0.00,1.00,1234567.89,EUR');
  });
});
