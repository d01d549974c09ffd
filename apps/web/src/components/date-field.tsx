import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDayOf, peopleDayOf } from '../lib/day-text';

// A date typed as DD-MM-YYYY whatever the browser's locale (a native date input follows the
// browser). The value in and out is the ISO day; '' while the field is empty or not a real day.
export function DateField({
  label,
  value,
  onChange,
  error,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (isoDay: string) => void;
  error?: string;
  w?: number;
  mb?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => peopleDayOf(value));
  const typed = text.trim();
  const invalid = typed !== '' && isoDayOf(typed) === undefined;
  return (
    <TextInput
      label={label}
      placeholder={t('date_field.placeholder')}
      description={t('date_field.hint')}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => onChange(isoDayOf(text) ?? '')}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(isoDayOf(text) ?? '');
      }}
      error={error ?? (invalid ? t('date_field.invalid') : undefined)}
      {...rest}
    />
  );
}
