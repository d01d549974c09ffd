import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The e-mail address of the confirmation and restore forms. */
export function EmailField(props: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('signup.email')} type="email" autoComplete="email" required {...props} />;
}
