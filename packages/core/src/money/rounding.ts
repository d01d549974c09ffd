// Every division of money states its rounding. Half-even (banker's rounding) is the default
// because it does not drift in one direction over many operations; the tariff may ask for
// `up` (a minimum fee never rounds in the client's favour below the published figure).

export type RoundingMode = 'half_even' | 'half_up' | 'up' | 'down';

/** Divides two bigints and rounds the quotient as asked. `denominator` must be positive. */
export function divideRounded(
  numerator: bigint,
  denominator: bigint,
  mode: RoundingMode = 'half_even',
): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  const rounded = roundMagnitude(quotient, remainder, denominator, mode, negative);
  return negative ? -rounded : rounded;
}

function roundMagnitude(
  quotient: bigint,
  remainder: bigint,
  denominator: bigint,
  mode: RoundingMode,
  negative: boolean,
): bigint {
  if (remainder === 0n) return quotient;
  const twice = remainder * 2n;
  switch (mode) {
    case 'down':
      return negative ? quotient + 1n : quotient;
    case 'up':
      return negative ? quotient : quotient + 1n;
    case 'half_up':
      return twice >= denominator ? quotient + 1n : quotient;
    case 'half_even':
      if (twice > denominator) return quotient + 1n;
      if (twice < denominator) return quotient;
      return quotient % 2n === 0n ? quotient : quotient + 1n;
  }
}

/** Parts per million: 1% = 10_000 ppm, 0.0833% = 833 ppm. Integers keep rates exact. */
export type PartsPerMillion = number;

export function applyRatePpm(
  amountMinor: number,
  ratePpm: PartsPerMillion,
  mode: RoundingMode = 'half_even',
): bigint {
  return divideRounded(BigInt(amountMinor) * BigInt(ratePpm), 1_000_000n, mode);
}
