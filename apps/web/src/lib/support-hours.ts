import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Brand, brand } from './brand';

// The brand config keeps support hours as data (days, 24-hour times, a time zone); the words
// come from the locale files (common.json, `support_hours`), so a German page says
// "Montag bis Freitag, 10 bis 17 Uhr" and an English one "Monday to Friday, 10am to 5pm".
type Translate = TFunction<'common'>;

function clockTime(t: Translate, time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const values = {
    hour24: String(hours),
    hour12: String(hours % 12 === 0 ? 12 : hours % 12),
    minute: String(minutes).padStart(2, '0'),
    meridiem: hours < 12 ? t('support_hours.am') : t('support_hours.pm'),
  };
  return minutes === 0 ? t('support_hours.time', values) : t('support_hours.time_with_minutes', values);
}

/** "Monday to Friday, 10am to 5pm (UK time)" in the language of `t`. */
export function formatSupportHours(t: Translate, hours: Brand['support_hours']): string {
  const days =
    hours.first_day === hours.last_day
      ? t(`weekdays.${hours.first_day}`)
      : t('support_hours.days_range', {
          from: t(`weekdays.${hours.first_day}`),
          to: t(`weekdays.${hours.last_day}`),
        });
  const zones = t('time_zones', { returnObjects: true }) as Record<string, string | undefined>;
  return t('support_hours.text', {
    days,
    hours: t('support_hours.hours_range', {
      opens: clockTime(t, hours.opens),
      closes: clockTime(t, hours.closes),
    }),
    zone: zones[hours.time_zone] ?? hours.time_zone,
  });
}

/** "The online system is available 7 days a week" in the language of `t`. */
export function formatOnlineDays(t: Translate, daysPerWeek: number): string {
  return t('support_hours.online', { count: daysPerWeek });
}

/** The brand's support hours and online-system days, worded in the current language. */
export function useSupportHours(): { hours: string; online: string } {
  const { t } = useTranslation('common');
  return {
    hours: formatSupportHours(t, brand.support_hours),
    online: formatOnlineDays(t, brand.online_days_per_week),
  };
}
