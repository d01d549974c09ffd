import { acceptInvitationSchema, type Invitation } from '@bluepeak/core/backoffice';
import { Button, Code, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { errorText } from '../../../lib/error-text';
import { operatorWords } from '../../lib/i18n';
import { useTextFields } from '../../lib/use-text-fields';
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
  const { values: form, field } = useTextFields({ password: '', password_confirmation: '', code: '' });
  const checked = acceptInvitationSchema.safeParse(form);
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token, form),
    meta: { silent: true },
    onSuccess: onAccepted,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.success) accept.mutate();
  };
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
          {...field('password')}
        />
        <PasswordInput
          label={t('invitation.password_confirmation')}
          autoComplete="new-password"
          required
          {...field('password_confirmation')}
        />
        <TextInput
          label={t('invitation.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...field('code')}
        />
        <FormMessage message={accept.isError ? errorText(accept.error, operatorWords) : undefined} />
        <Button type="submit" loading={accept.isPending} disabled={!checked.success}>
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
