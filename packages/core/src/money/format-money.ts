import { currencyExponent } from '../reference/currencies';
import { assertMinorUnits } from './minor-units';

// docs/requirements/tariff.md: amounts show with a space as the thousands separator and a dot
// before the decimals ("12 345.67"). Built from the integer's digits so no float ever rounds a
// minor unit, and from the ISO exponent, never a guessed one.

export type DecimalFormat = {
  /**
   * true (the default): thousands separated by spaces, as people read an amount ("12 345.67").
   * false: the plain decimal a file format or a spreadsheet cell carries (pain.001, camt.053,
   * MT940, CSV: "12345.67").
   */
  grouping?: boolean;
  /** The mark before the decimals: '.' (the default), or ',' as an MT940 statement writes it. */
  decimalMark?: '.' | ',';
};

export type MoneyFormat = DecimalFormat & {
  /** true (the default): the ISO code follows after a space ("12 345.67 EUR"). */
  code?: boolean;
};

/**
 * Minor units as a decimal with `exponent` decimals. Prefer formatMoney, which takes the
 * exponent from the currency; this is for a scale that is no one currency's (a control sum).
 */
export function formatMinorUnits(amountMinor: number, exponent: number, format: DecimalFormat = {}): string {
  const amount = assertMinorUnits(amountMinor);
  if (!Number.isSafeInteger(exponent) || exponent < 0) throw new RangeError(`Not an exponent: ${exponent}`);
  const negative = amount < 0;
  const digits = Math.abs(amount)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  const grouped = format.grouping === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const decimals = exponent > 0 ? `${format.decimalMark ?? '.'}${fraction}` : '';
  return `${negative ? '-' : ''}${grouped}${decimals}`;
}

/**
 * An amount of `currency` as people read it: "163 JPY", "-1 000.00 EUR", "1.234 BHD"; the
 * format's options drop the code or the grouping. Throws on a currency not in the ISO table
 * rather than guess its decimals.
 */
export function formatMoney(amountMinor: number, currency: string, format: MoneyFormat = {}): string {
  const text = formatMinorUnits(amountMinor, currencyExponent(currency), format);
  return format.code === false ? text : `${text} ${currency}`;
}
