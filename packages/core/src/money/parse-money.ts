// Parses what a person types ("1 234.50", "1,234.50", "1234,5") into minor units without Number(),
// which would accept "0x10", " 12 ", "" and "1e3" (docs/decisions/0002-money-representation.md).

export type ParseMoneyResult =
  | { ok: true; amount: number }
  | { ok: false; code: 'invalid_format' | 'too_many_decimals' | 'out_of_range' };

const AMOUNT_PATTERN = /^(\d{1,3}(?:[ \u00a0]\d{3})+|\d+)(?:[.,](\d+))?$/;
// Thousands grouped with commas, the decimals (if any) after a dot: "1,250", "12,345.60".
const COMMA_GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

export function parseMoneyInput(text: string, exponent: number): ParseMoneyResult {
  if (text.trim() !== text) return { ok: false, code: 'invalid_format' };
  // "1,250" reads as one thousand two hundred and fifty: three decimals would be too many for
  // the currency anyway. Only where a currency has three (KWD) is it 1.250, as the comma
  // as a decimal mark ("1234,5") always was.
  const grouped = COMMA_GROUPED.exec(text);
  const ambiguous = grouped && grouped[2] === undefined && !/,.*,/.test(text) && exponent >= 3;
  const match = grouped && !ambiguous ? grouped : AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, code: 'invalid_format' };
  const whole = (match[1] ?? '').replace(/[ \u00a0,]/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return { ok: false, code: 'too_many_decimals' };
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, code: 'out_of_range' };
  return { ok: true, amount: Number(minor) };
}
