import { assertMinorUnits } from './minor-units';

// docs/requirements/tariff.md: amounts show without the currency code, with a space as the thousands
// separator and a dot before the decimals ("12 345.67"). Built from the integer's digits so
// no float ever rounds a cent.
export function formatMinorUnits(amountMinor: number, exponent: number): string {
  const amount = assertMinorUnits(amountMinor);
  const negative = amount < 0;
  const digits = Math.abs(amount)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped}${exponent > 0 ? `.${fraction}` : ''}`;
}
