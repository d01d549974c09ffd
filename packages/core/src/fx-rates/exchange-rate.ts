// An exchange rate is an exact decimal, held as a fraction of bigints: rates come from a feed
// or an operator as text ("1.0842"), and a float would round them before we ever multiply.
// `rate` is how many units of `quote` one unit of `base` buys (major units, as quoted).

export type ExchangeRate = {
  base: string;
  quote: string;
  numerator: bigint;
  denominator: bigint;
};

const DECIMAL = /^(0|[1-9]\d{0,11})(?:\.(\d{1,12}))?$/;

/** Parses a positive decimal rate of up to 12 integer and 12 fractional digits. */
export function parseExchangeRate(base: string, quote: string, text: string): ExchangeRate {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal exchange rate: ${text}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`);
  if (numerator === 0n) throw new RangeError('An exchange rate must be positive');
  return { base, quote, numerator, denominator: 10n ** BigInt(fraction.length) };
}

/** The rate from `from` to `to` through a common base (reference rates are all quoted per EUR). */
export function crossRate(baseToFrom: ExchangeRate, baseToTo: ExchangeRate): ExchangeRate {
  if (baseToFrom.base !== baseToTo.base) throw new Error('Cross rate needs one common base');
  return {
    base: baseToFrom.quote,
    quote: baseToTo.quote,
    numerator: baseToTo.numerator * baseToFrom.denominator,
    denominator: baseToTo.denominator * baseToFrom.numerator,
  };
}

/** The rate a client gets: the market rate worsened by the markup (docs/requirements/tariff.md). */
export function clientRate(market: ExchangeRate, markupPpm: number): ExchangeRate {
  if (!Number.isSafeInteger(markupPpm) || markupPpm < 0 || markupPpm >= 1_000_000) {
    throw new RangeError(`Markup out of range: ${markupPpm}`);
  }
  return {
    ...market,
    numerator: market.numerator * BigInt(1_000_000 - markupPpm),
    denominator: market.denominator * 1_000_000n,
  };
}

/** The rate as text for people, rounded half-even to `decimals` places (display only). */
export function formatExchangeRate(rate: ExchangeRate, decimals = 6): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = rate.numerator * scale;
  let quotient = scaled / rate.denominator;
  const twice = (scaled % rate.denominator) * 2n;
  if (twice > rate.denominator || (twice === rate.denominator && quotient % 2n === 1n)) quotient += 1n;
  const digits = quotient.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Decimal places that show a rate to at least five significant digits (JPY to KWD is 0.0021...). */
export function rateDecimals(rate: ExchangeRate): number {
  const whole = rate.numerator / rate.denominator;
  if (whole >= 1n) return Math.max(2, 7 - whole.toString().length);
  let decimals = 6;
  let scaled = (rate.numerator * 1_000_000n) / rate.denominator;
  while (scaled < 10_000n && decimals < 12) {
    scaled *= 10n;
    decimals += 1;
  }
  return decimals;
}
