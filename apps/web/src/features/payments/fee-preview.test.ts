import { describe, expect, it } from 'vitest';
import { feePreviewPath } from './fee-preview';

const ACCOUNT = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
const values = (amount: string, currency = 'EUR') => ({ account_id: ACCOUNT, amount, currency, payee: {} });
const query = (path: string) => Object.fromEntries(new URL(path, 'https://x.test').searchParams);

describe('the fee preview asked while typing', () => {
  it('sends the amount in minor units, as the payment will be sent', () => {
    expect(query(feePreviewPath('sepa', values('1 234,5'), {}))).toEqual({
      type: 'sepa',
      account_id: ACCOUNT,
      amount: '123450',
      currency: 'EUR',
    });
    expect(query(feePreviewPath('international', values('100', 'JPY'), {})).amount).toBe('100');
  });

  it('asks nothing until the amount reads as one, with an account and a currency', () => {
    for (const amount of ['', '0', '1e3', '0.001', 'abc'])
      expect(feePreviewPath('sepa', values(amount), {})).toBe('');
    expect(feePreviewPath('sepa', { ...values('10'), account_id: '' }, {})).toBe('');
    expect(feePreviewPath('international', values('10', ''), {})).toBe('');
    expect(feePreviewPath('faster_pay', values('1000000.01', 'GBP'), {})).toBe('');
  });

  it('names the payee’s country and its bank’s, which decide the high-risk surcharge', () => {
    expect(
      query(feePreviewPath('sepa', values('10'), { iban: 'bg80 bnbg 9661 1020 3456 78' })),
    ).toMatchObject({
      payee_country: 'BG',
    });
    const swift = query(feePreviewPath('international', values('10'), { country: 'NG', swift: 'CHASUS33' }));
    expect(swift).toMatchObject({ payee_country: 'NG', bank_country: 'US' });
    expect(query(feePreviewPath('internal', values('10'), { account_number: 'X' }))).not.toHaveProperty(
      'payee_country',
    );
  });
});
