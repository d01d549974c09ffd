import { parseMoneyInput } from '@bluepeak/core/money';
import { currencyExponent, isCurrencyCode } from '@bluepeak/core/reference';

// An amount a client types into a form (a payment, an escrow deal), read with core's
// parseMoneyInput into integer minor units of its currency, never through a float. Each way it
// can be wrong has its text under `common:amount_errors` (a form adds its own limits).
export type AmountError = 'required' | 'invalid_format' | 'too_many_decimals' | 'out_of_range' | 'zero';

/** The typed amount in minor units of `currency`, or why it cannot be one. */
export function parseAmount(
  text: string,
  currency: string,
): { ok: true; amount: number } | { ok: false; error: AmountError } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'required' };
  // With no currency chosen yet (its own error), the amount is still read, as if with two
  // decimals, so the form shows every problem at once.
  const parsed = parseMoneyInput(trimmed, isCurrencyCode(currency) ? currencyExponent(currency) : 2);
  if (!parsed.ok) return { ok: false, error: parsed.code };
  if (parsed.amount === 0) return { ok: false, error: 'zero' };
  return { ok: true, amount: parsed.amount };
}
