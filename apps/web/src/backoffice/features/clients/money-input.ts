import { parseMoneyInput } from '@bluepeak/core/money';
import { currencyExponent } from '@bluepeak/core/reference';

/** An amount typed in the currency's units, as minor units; null unless it is above zero. */
export function parseAmount(text: string, currency: string) {
  const result = parseMoneyInput(text.trim(), currencyExponent(currency));
  return result.ok && result.amount > 0 ? result.amount : null;
}
