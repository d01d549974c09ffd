import type { BatchDuplicate, BatchRow } from '@bluepeak/core/payments';
import { formatMoney } from '../../../components/money';
import { formatDate } from '../../../lib/format-date';
import { recipientAccountLine } from '../recipient-summary';

/**
 * Where a row's money goes, written as the recipients and payments pages write an account (an
 * IBAN in groups of four, a sort code as 04-00-04 and the account number), from the row as typed
 * so a row with a problem still shows what it was given; null when it names no account.
 */
export function rowDestination(row: Pick<BatchRow, 'fields'>): string | null {
  const { fields } = row;
  const iban = (fields.iban ?? '').replace(/\s+/g, '').toUpperCase();
  if (iban) return recipientAccountLine({ iban });
  const sortCode = (fields.sort_code ?? '').replace(/[\s-]+/g, '');
  const accountNumber = (fields.account_number ?? '').replace(/\s+/g, '');
  if (!sortCode && !accountNumber) return null;
  if (sortCode && accountNumber)
    return recipientAccountLine({ sort_code: sortCode, account_number: accountNumber });
  return sortCode || accountNumber;
}

/** The words of "possible duplicate of <date, amount, payee>": the earlier payment's figures. */
export function duplicateWords(duplicate: BatchDuplicate) {
  return {
    date: formatDate(duplicate.created_at),
    amount: formatMoney(duplicate.amount, duplicate.currency),
    name: duplicate.name,
  };
}
