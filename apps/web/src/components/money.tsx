import { formatMinorUnits } from '@bluepeak/core/money';
import { currencyByCode } from '@bluepeak/core/reference';

// docs/requirements/public-site.md: the one component that renders an amount. Minor units in, the
// currency's decimals and the house format out (space as thousands separator), tabular figures so
// columns align. Every space is a non-breaking one, so an amount never wraps inside itself.
const NBSP = '\u00a0';
const unbroken = (text: string) => text.replaceAll(' ', NBSP);

export function Money({
  amount,
  currency,
  showCode = true,
}: {
  amount: number;
  currency: string;
  showCode?: boolean;
}) {
  const exponent = currencyByCode(currency)?.exponent ?? 2;
  return (
    <span className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
      {unbroken(formatMinorUnits(amount, exponent))}
      {showCode ? `${NBSP}${currency}` : ''}
    </span>
  );
}

/** The same text for places that need a string (translations, titles). */
export function formatMoney(amount: number, currency: string): string {
  return unbroken(`${formatMinorUnits(amount, currencyByCode(currency)?.exponent ?? 2)} ${currency}`);
}
