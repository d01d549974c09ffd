// Parses what a person types ("1 234.50", "1234,5") into minor units without Number(),
// which would accept "0x10", " 12 ", "" and "1e3" (docs/decisions/0002-money-representation.md).

export type ParseMoneyResult =
  | { ok: true; amount: number }
  | { ok: false; code: 'invalid_format' | 'too_many_decimals' | 'out_of_range' };

const AMOUNT_PATTERN = /^(\d{1,3}(?:[ \u00a0]\d{3})+|\d+)(?:[.,](\d+))?$/;

export function parseMoneyInput(text: string, exponent: number): ParseMoneyResult {
  const match = AMOUNT_PATTERN.exec(text.trim() === text ? text : '\u0000');
  if (!match) return { ok: false, code: 'invalid_format' };
  const whole = (match[1] ?? '').replace(/[ \u00a0]/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return { ok: false, code: 'too_many_decimals' };
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, code: 'out_of_range' };
  return { ok: true, amount: Number(minor) };
}
