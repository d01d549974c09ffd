import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';

/** The end of each authenticator step: what went wrong, the step's button, and cancel. */
export function AuthenticatorActions({
  message,
  pending,
  submitLabel,
  onCancel,
}: {
  message: string | undefined;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <FormMessage message={message} />
      <Group gap="sm">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          {t('contacts.authenticator.cancel')}
        </Button>
      </Group>
    </>
  );
}
