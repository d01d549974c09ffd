import { PasswordInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

type FieldProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
};

/** A new password (spec section 5's rule under it) and the same again. */
export function NewPasswordFields({
  label,
  password,
  confirmation,
}: {
  label: string;
  password: FieldProps;
  confirmation: FieldProps;
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
