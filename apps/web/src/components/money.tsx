import { formatMinorUnits } from '@bluepeak/core/money';
import { currencyByCode } from '@bluepeak/core/reference';

// docs/requirements/public-site.md: the one component that renders an amount. Minor units in, the
// currency's decimals and the house format out (space as thousands separator), tabular figures so
// columns align.
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
      {formatMinorUnits(amount, exponent)}
      {showCode ? ` ${currency}` : ''}
    </span>
  );
}

/** The same text for places that need a string (translations, titles). */
export function formatMoney(amount: number, currency: string): string {
  return `${formatMinorUnits(amount, currencyByCode(currency)?.exponent ?? 2)} ${currency}`;
}
