import { formatMoney as formatMoneyText } from '@bluepeak/core/money';

// docs/requirements/public-site.md: the one component that renders an amount. Minor units in, the
// currency's decimals and the house format out (space as thousands separator), tabular figures so
// columns align. On screen the spaces are non-breaking, so no line ever ends inside an amount or
// between it and its currency, wherever the text lands (a label, a title, a sentence).
const NO_BREAK_SPACE = '\u00a0';

/** The amount as the screen shows it: "12 345.67", its spaces non-breaking. */
export function formatAmount(amount: number, currency: string): string {
  return formatMoneyText(amount, currency, { code: false }).replaceAll(' ', NO_BREAK_SPACE);
}

export function Money({
  amount,
  currency,
  showCode = true,
}: {
  amount: number;
  currency: string;
  showCode?: boolean;
}) {
  return (
    <span className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
      {showCode ? formatMoney(amount, currency) : formatAmount(amount, currency)}
    </span>
  );
}

/** The same text for places that need a string (translations, titles). */
export function formatMoney(amount: number, currency: string): string {
  return `${formatAmount(amount, currency)}${NO_BREAK_SPACE}${currency}`;
}
