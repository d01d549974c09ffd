import { describe, expect, it } from 'vitest';
import { brandSchema } from './brand-schema';
import { brand } from './demo-brand';

describe('brand and tariff config', () => {
  it('publishes the tariff in minor units', () => {
    expect(brand.tariff.account.opening).toEqual({ UK: 5_000, EEA: 25_000, INTERNATIONAL: 80_000 });
    expect(brand.tariff.outgoing.sepa_fixed).toBe(500);
    expect(brand.tariff.fx_markup_ppm).toBe(10_000);
    expect(brand.tariff.high_risk_surcharge_ppm).toBe(8_000);
  });

  it('refuses unknown keys and fractional amounts', () => {
    expect(brandSchema.safeParse({ ...brand, extra: 1 }).success).toBe(false);
    const fractional = {
      ...brand,
      tariff: { ...brand.tariff, outgoing: { ...brand.tariff.outgoing, sepa_fixed: 5.5 } },
    };
    expect(brandSchema.safeParse(fractional).success).toBe(false);
  });

  it('keeps support hours as data (days and 24-hour times) for the web app to word per language', () => {
    expect(brand.support_hours).toEqual({
      first_day: 'monday',
      last_day: 'friday',
      opens: '10:00',
      closes: '17:00',
      time_zone: 'Europe/London',
    });
    const parse = (support_hours: object) => brandSchema.safeParse({ ...brand, support_hours }).success;
    expect(parse({ ...brand.support_hours, opens: '10am' })).toBe(false);
    expect(parse({ ...brand.support_hours, opens: '18:00' })).toBe(false);
    expect(parse({ ...brand.support_hours, last_day: 'fri' })).toBe(false);
    expect(brandSchema.safeParse({ ...brand, online_days_per_week: 8 }).success).toBe(false);
  });
});
