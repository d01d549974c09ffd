import type { PaymentType } from './recipient-schemas';

// What makes two payees the same account (docs/requirements/recipients.md): the fields that
// name the account within its payment type, not the name or the address. The API keeps one
// saved recipient per account with it; the dashboard tells with it whether a payment's payee
// is saved already.
const ACCOUNT_FIELDS: Record<PaymentType, readonly string[]> = {
  sepa: ['iban'],
  faster_pay: ['sort_code', 'account_number'],
  internal: ['account_number'],
  international: ['account_number', 'swift'],
};

/** A BIC names a bank's head office with or without the branch code XXX. */
const bankCode = (bic: string) => (bic.length === 11 && bic.endsWith('XXX') ? bic.slice(0, 8) : bic);

/** The account a payee's details name, as one text: equal texts are the same account. */
export function payeeAccountKey(type: PaymentType, details: Readonly<Record<string, string | undefined>>) {
  const parts = ACCOUNT_FIELDS[type].map((field) => {
    const value = (details[field] ?? '').replace(/[\s-]/g, '').toUpperCase();
    return field === 'swift' ? bankCode(value) : value;
  });
  return [type, ...parts].join(':');
}
