import { z } from 'zod';

// The published tariff (docs/requirements/tariff.md). Amounts are minor units of `currency`; rates are
// integer parts per million (1% = 10_000) so a fee is computed exactly. The fees page and
// the charging code both read this one object, so they can never disagree.
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const ppm = z.number().int().nonnegative().max(1_000_000);
const byRegion = z.strictObject({ UK: minor, EEA: minor, INTERNATIONAL: minor });
const percentWithMinimum = z.strictObject({ rate_ppm: ppm, minimum: minor });

export const tariffSchema = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/),
  account: z.strictObject({ opening: byRegion, monthly: byRegion, closing: byRegion }),
  reference_letter: byRegion,
  fx_markup_ppm: ppm,
  holding_fee_ppm_of_average_balance: ppm,
  incoming: z.strictObject({ international: percentWithMinimum, eea: percentWithMinimum }),
  outgoing: z.strictObject({
    sepa_fixed: minor,
    international: z.strictObject({ fixed: minor, rate_ppm: ppm, minimum: minor }),
  }),
  high_risk_surcharge_ppm: ppm,
  escrow: z.strictObject({
    opening: z.strictObject({ rate_ppm: ppm, minimum_standard: minor, minimum_non_standard: minor }),
    document_verification: minor,
    servicing: z.strictObject({ standard: minor, non_standard: minor }),
    changes: z.strictObject({ standard: minor, non_standard: minor }),
  }),
  card: z.strictObject({ daily_withdrawal_limit: minor, available_from: z.string() }),
});

export type Tariff = z.infer<typeof tariffSchema>;
export type TariffRegion = keyof Tariff['account']['opening'];
