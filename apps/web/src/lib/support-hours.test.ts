import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import deCommon from '../locales/de-DE/common.json';
import enCommon from '../locales/en-GB/common.json';
import { brand } from './brand';
import { formatOnlineDays, formatSupportHours } from './support-hours';

async function translator(language: 'en-GB' | 'de-DE') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { 'en-GB': { common: enCommon }, 'de-DE': { common: deCommon } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'common');
}

describe('support hours', () => {
  it('words the brand config in English and German', async () => {
    const en = await translator('en-GB');
    const de = await translator('de-DE');
    expect(formatSupportHours(en, brand.support_hours)).toBe('Monday to Friday, 10am to 5pm (UK time)');
    expect(formatSupportHours(de, brand.support_hours)).toBe(
      'Montag bis Freitag, 10 bis 17 Uhr (britische Zeit)',
    );
    expect(formatOnlineDays(en, brand.online_days_per_week)).toBe(
      'The online system is available 7 days a week',
    );
    expect(formatOnlineDays(de, brand.online_days_per_week)).toBe(
      'Das Online-System steht Ihnen an 7 Tagen pro Woche zur Verfügung',
    );
  });

  it('handles minutes, noon, midnight, a single day and an unknown time zone', async () => {
    const en = await translator('en-GB');
    const de = await translator('de-DE');
    const hours = {
      first_day: 'saturday',
      last_day: 'saturday',
      opens: '00:30',
      closes: '12:00',
      time_zone: 'Europe/Berlin',
    } as const;
    expect(formatSupportHours(en, hours)).toBe('Saturday, 12:30am to 12pm (Europe/Berlin)');
    expect(formatSupportHours(de, hours)).toBe('Samstag, 0:30 bis 12 Uhr (Europe/Berlin)');
    expect(formatOnlineDays(en, 1)).toBe('The online system is available 1 day a week');
  });
});
