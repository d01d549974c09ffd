import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextFieldProps } from '../../lib/use-schema-form';

/** The e-mail address of the confirmation and restore forms. */
export function EmailField(props: TextFieldProps) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('signup.email')} type="email" autoComplete="email" required {...props} />;
}
