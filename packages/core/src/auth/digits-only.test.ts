import { describe, expect, it } from 'vitest';
import { fasterPayPayeeSchema } from '../payments/recipient-schemas';
import { digitsOnly } from './field-rules';
import { validationMessages } from './validation-messages';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('digitsOnly', () => {
  const rule = digitsOnly(6, 'Six digits');

  it('accepts exactly the digits asked for', () => {
    expect(rule.safeParse('012345').success).toBe(true);
  });

  it('answers a non-digit with the numbers-only message alone', () => {
    expect(messages(rule.safeParse('12a45'))).toEqual([validationMessages.numbersOnly]);
    expect(messages(rule.safeParse('１２３４５６'))).toEqual([validationMessages.numbersOnly]);
  });

  it('answers a wrong count of digits with the length message', () => {
    expect(messages(rule.safeParse('12345'))).toEqual(['Six digits']);
  });
});

describe('Faster Payments payee', () => {
  const payee = (sort_code: string, account_number: string) =>
    fasterPayPayeeSchema.safeParse({ name: 'Tom', sort_code, account_number });

  it('takes the sort code with its dashes and both numbers as digits', () => {
    expect(payee('20-00-00', '55779911').success).toBe(true);
  });

  it('reads both with the spaces people group them with', () => {
    const parsed = fasterPayPayeeSchema.parse({
      name: 'Tom',
      sort_code: '20 00 00',
      account_number: '5577 9911',
    });
    expect(parsed).toMatchObject({ sort_code: '200000', account_number: '55779911' });
  });

  it('refuses letters in the sort code and the account number as numbers-only', () => {
    expect(messages(payee('20-00-0O', '55779911'))).toEqual([validationMessages.numbersOnly]);
    expect(messages(payee('200000', '5577991l'))).toEqual([validationMessages.numbersOnly]);
  });

  it('keeps the length messages for a wrong count of digits', () => {
    expect(messages(payee('20000', '55779911'))).toEqual(['A sort code is 6 digits']);
    expect(messages(payee('200000', '5577991'))).toEqual(['A UK account number is 8 digits']);
  });
});
