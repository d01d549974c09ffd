import { parseMoneyInput } from '@bluepeak/core/money';
import { batchColumns } from '@bluepeak/core/payments';
import { currencyExponent, isCurrencyCode } from '@bluepeak/core/reference';
import type { BatchRowChange } from './api';

/** A row as typed: every column as text; the amount as a decimal turned into minor units. */
export function rowChange(values: Record<string, string>): BatchRowChange | 'bad_amount' {
  const currency = values.currency?.trim().toUpperCase() ?? '';
  // A currency we do not know is the server's error to report on the row; its amount is still
  // read, as if with two decimals, so the row can be saved and show every problem at once.
  const exponent = isCurrencyCode(currency) ? currencyExponent(currency) : 2;
  const amount = parseMoneyInput((values.amount ?? '').trim(), exponent);
  if (!amount.ok) return 'bad_amount';
  const change: Record<string, string | number> = { amount: amount.amount };
  for (const column of batchColumns) {
    if (column !== 'amount') change[column] = values[column] ?? '';
  }
  return change as BatchRowChange;
}
