import { acceptInvitationSchema, type Invitation } from '@bluepeak/core/backoffice';
import { Button, Code, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { acceptInvitation } from './api';

/** The authenticator to enrol, a password of the invitee's own, and the app's first code. */
export function AcceptInvitationForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: Invitation;
  onAccepted: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const form = useSchemaForm(acceptInvitationSchema, { password: '', password_confirmation: '', code: '' });
  const {
    mutation: accept,
    submit,
    message,
  } = useFormMutation(form, {
    request: (values) => acceptInvitation(token, values),
    onSuccess: onAccepted,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>{t('invitation.intro', { name: invitation.name })}</Text>
        <Text fw={600}>{t('invitation.scan')}</Text>
        <Image src={invitation.enrolment.qr_data_url} alt={t('invitation.qr_alt')} w={200} h={200} />
        <Text size="sm">
          {t('invitation.secret')} <Code data-testid="totp-secret">{invitation.enrolment.secret}</Code>
        </Text>
        <PasswordInput
          label={t('invitation.password')}
          description={t('invitation.password_hint')}
          autoComplete="new-password"
          required
          {...form.text('password')}
        />
        <PasswordInput
          label={t('invitation.password_confirmation')}
          autoComplete="new-password"
          required
          {...form.text('password_confirmation')}
        />
        <TextInput
          label={t('invitation.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...form.text('code')}
        />
        <FormMessage message={message} />
        <Button type="submit" loading={accept.isPending}>
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
