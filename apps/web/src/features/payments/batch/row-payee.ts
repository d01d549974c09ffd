import type { BatchRow, PaymentType } from '@bluepeak/core/payments';

/** A checked row's payee as the recipient form's fields, or null while the row has a problem. */
export type RowPayee = { type: PaymentType; details: Record<string, string> };

const compact = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));

/**
 * The payee of a batch row in the fields of its payment type (docs/requirements/recipients.md),
 * so "Save as recipient" opens the one recipient form filled in: a SEPA row's IBAN and BIC, a
 * Faster Payments row's sort code and account number, a SWIFT row's IBAN as the account number
 * with the IBAN's country, the BIC as SWIFT code, the bank and the address.
 */
export function rowPayee(row: Pick<BatchRow, 'type' | 'name' | 'fields' | 'errors'>): RowPayee | null {
  if (row.errors.length > 0 || !row.type) return null;
  const { fields } = row;
  const iban = (fields.iban ?? '').replace(/ /g, '').toUpperCase();
  if (row.type === 'sepa')
    return { type: 'sepa', details: compact({ name: row.name, iban, bic: fields.bic }) };
  if (row.type === 'faster_pay')
    return {
      type: 'faster_pay',
      details: compact({
        name: row.name,
        sort_code: fields.sort_code,
        account_number: fields.account_number,
      }),
    };
  if (row.type === 'international')
    return {
      type: 'international',
      details: compact({
        name: row.name,
        account_number: iban,
        country: iban.slice(0, 2),
        swift: fields.bic,
        bank_name: fields.bank_name,
        address: fields.address,
      }),
    };
  return null;
}
