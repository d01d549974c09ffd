import type { PartsPerMillion } from './rounding';

// Rates print as the tariff publishes them: at least two decimals ("1.00%", "0.20%") and more
// only when the rate has them ("0.0833%"). Integer arithmetic, so nothing rounds.
export function formatRatePpm(ratePpm: PartsPerMillion): string {
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError(`Not a rate: ${ratePpm}`);
  const whole = Math.floor(ratePpm / 10_000);
  const fraction = String(ratePpm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${fraction}%`;
}
