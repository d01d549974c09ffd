// Money is an integer count of minor units (docs/decisions/0002-money-representation.md).
// A JavaScript number is exact up to 2^53 - 1, which is 90 trillion euros: far beyond any
// balance we hold, so amounts at rest are checked safe integers and arithmetic that can
// overflow (rates, percentages) goes through bigint.

export type Money = { amount: number; currency: string };

export class MoneyRangeError extends RangeError {
  constructor(value: unknown) {
    super(`Not a safe integer amount of minor units: ${String(value)}`);
    this.name = 'MoneyRangeError';
  }
}

export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0);
}

/** Throws unless `value` is an exact integer of minor units; use at every trust boundary. */
export function assertMinorUnits(value: unknown): number {
  if (!isMinorUnits(value)) throw new MoneyRangeError(value);
  return value;
}

/** Converts a bigint result back to a checked number, refusing anything outside the safe range. */
export function minorUnitsFromBigInt(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyRangeError(value);
  }
  return Number(value);
}

export function addMinorUnits(a: number, b: number): number {
  return minorUnitsFromBigInt(BigInt(assertMinorUnits(a)) + BigInt(assertMinorUnits(b)));
}
