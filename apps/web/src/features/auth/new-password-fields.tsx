import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextFieldProps } from '../../lib/use-schema-form';

/** A new password (docs/requirements/validation.md: its rule under it) and the same again. */
export function NewPasswordFields({
  label,
  password,
  confirmation,
}: {
  label: string;
  password: TextFieldProps;
  confirmation: TextFieldProps;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={label}
        description={t('validation.password')}
        autoComplete="new-password"
        required
        {...password}
      />
      <PasswordInput
        label={t('signup.password_confirmation')}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
