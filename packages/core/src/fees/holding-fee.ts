// The holding fee (docs/requirements/statements.md, docs/decisions/0022): a share in parts per
// million of the month's average daily balance, the average taken over the end-of-day posted
// balances of every day of the month. The sum is exact (bigint) and rounded once, down to
// the minor unit, in the client's favour: no intermediate average is ever rounded.
export function holdingFeeMinor(dailyBalancesMinor: readonly number[], ppm: number): number {
  if (dailyBalancesMinor.length === 0) throw new RangeError('A holding fee needs at least one day');
  if (!Number.isSafeInteger(ppm) || ppm < 0) throw new RangeError('The rate is whole parts per million');
  let sum = 0n;
  for (const balance of dailyBalancesMinor) {
    if (!Number.isSafeInteger(balance)) throw new RangeError('Balances are whole minor units');
    // An account never goes below zero; a negative day would only lower the fee, never raise it.
    sum += BigInt(Math.max(0, balance));
  }
  const fee = (sum * BigInt(ppm)) / (BigInt(dailyBalancesMinor.length) * 1_000_000n);
  return Number(fee);
}
