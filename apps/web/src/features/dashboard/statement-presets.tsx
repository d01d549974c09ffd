import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The period presets of /dashboard/statements: last month and this year (UTC days, both
// included), or the dates typed in.
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export function presetPeriod(preset: 'last_month' | 'this_year', now = new Date()) {
  if (preset === 'this_year') return { from: `${now.getUTCFullYear()}-01-01`, to: isoDay(now) };
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: isoDay(first), to: isoDay(last) };
}

export function StatementPresets(props: {
  period: { from: string; to: string };
  onChange: (period: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('dashboard');
  const matches = (preset: 'last_month' | 'this_year') => {
    const candidate = presetPeriod(preset);
    return candidate.from === props.period.from && candidate.to === props.period.to;
  };
  const value = matches('last_month') ? 'last_month' : matches('this_year') ? 'this_year' : 'custom';
  return (
    <SegmentedControl
      aria-label={t('statements.preset')}
      value={value}
      onChange={(next) => {
        if (next === 'last_month' || next === 'this_year') props.onChange(presetPeriod(next));
      }}
      data={[
        { value: 'last_month', label: t('statements.preset_last_month') },
        { value: 'this_year', label: t('statements.preset_this_year') },
        { value: 'custom', label: t('statements.preset_custom') },
      ]}
    />
  );
}
