import { type ComboboxItem, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeta } from '../lib/queries/meta';
import { rankOptions } from '../lib/rank-options';

// The countries we open accounts for (GET /meta's countries marked active), named in the
// visitor's language by the browser's own region names; what is typed finds the best match first.
export function CountrySelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const { i18n } = useTranslation();
  const { countries } = useMeta();
  const data = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return countries
      .filter((country) => country.active)
      .map((country) => ({ value: country.code, label: names.of(country.code) ?? country.name }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [countries, i18n.language]);
  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      error={error}
      searchable
      filter={({ options, search, limit }) => rankOptions(options as ComboboxItem[], search, limit)}
      allowDeselect={false}
      required
      autoComplete="country"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
