import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDayOf, peopleDayOf } from '../lib/day-text';

// The one date field people type into: DD-MM-YYYY whatever the browser's locale (a native date
// input follows the browser's). The value in and out is the ISO day, '' while the field is empty
// or not a real day. A complete real day is passed on as it is typed; leaving the field (or
// Enter) passes on '' for text that is no day, which the field marks as such. A value changed
// from outside (a preset period, a reset form) replaces the text.
export function DateField({
  label,
  value,
  onChange,
  error,
  description,
  required,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (isoDay: string) => void;
  error?: string;
  /** Said before the format hint. */
  description?: string;
  required?: boolean;
  w?: number;
  mb?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => peopleDayOf(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((isoDayOf(text) ?? '') !== value) setText(peopleDayOf(value));
  }
  const typed = text.trim();
  const invalid = typed !== '' && isoDayOf(typed) === undefined;
  const settle = () => {
    const day = isoDayOf(text) ?? '';
    if (day !== value) onChange(day);
  };
  return (
    <TextInput
      label={label}
      placeholder={t('date_field.placeholder')}
      description={description ? `${description} ${t('date_field.hint')}` : t('date_field.hint')}
      inputMode="numeric"
      autoComplete="off"
      required={required}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const day = isoDayOf(next);
        if (day !== undefined && day !== value) onChange(day);
      }}
      onBlur={settle}
      onKeyDown={(event) => {
        if (event.key === 'Enter') settle();
      }}
      error={error ?? (invalid ? t('date_field.invalid') : undefined)}
      {...rest}
    />
  );
}
