import { acceptInvitationSchema } from '@bluepeak/core/backoffice';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Code,
  Image,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { backoffice, errorMessage } from '../api';

type Invitation = {
  email: string;
  name: string;
  expires_at: string;
  enrolment: { secret: string; uri: string; qr_data_url: string };
};

// An invited operator's first visit (docs/requirements/back-office.md): the authenticator
// enrolment, shown to this person alone, a password of their own, and the app's first code to prove
// it works.
export default function InvitationPage() {
  const { t } = useTranslation('backoffice');
  const { token = '' } = useParams();
  useEffect(() => {
    document.title = t('invitation.title');
  }, [t]);
  const invitation = useQuery({
    queryKey: ['backoffice', 'invitation', token],
    queryFn: ({ signal }) =>
      backoffice<{ data: Invitation }>(`/invitations/${encodeURIComponent(token)}`, { signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
    retry: false,
  });
  const [form, setForm] = useState({ password: '', password_confirmation: '', code: '' });
  const checked = acceptInvitationSchema.safeParse(form);
  const accept = useMutation({
    mutationFn: () =>
      backoffice(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: form }),
    meta: { silent: true },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.success) accept.mutate();
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  const login = (
    <Anchor component={Link} to="/login">
      {t('invitation.login')}
    </Anchor>
  );
  return (
    <Center mih="100vh" p="md" component="main">
      <Card withBorder padding="xl" w={480} maw="100%">
        <Stack>
          <Title order={1} fz="h2">
            {t('invitation.title')}
          </Title>
          {invitation.isPending && <Skeleton role="status" h={240} aria-label={t('loading')} />}
          {invitation.isError && (
            <>
              <Alert color="red">{t('invitation.invalid')}</Alert>
              {login}
            </>
          )}
          {accept.isSuccess && (
            <>
              <Alert color="green" role="status">
                {t('invitation.done')}
              </Alert>
              {login}
            </>
          )}
          {invitation.data && !accept.isSuccess && (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text>{t('invitation.intro', { name: invitation.data.name })}</Text>
                <Text fw={600}>{t('invitation.scan')}</Text>
                <Image
                  src={invitation.data.enrolment.qr_data_url}
                  alt={t('invitation.qr_alt')}
                  w={200}
                  h={200}
                />
                <Text size="sm">
                  {t('invitation.secret')}{' '}
                  <Code data-testid="totp-secret">{invitation.data.enrolment.secret}</Code>
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
                {accept.isError && (
                  <Alert color="red" role="alert">
                    {errorMessage(accept.error)}
                  </Alert>
                )}
                <Button type="submit" loading={accept.isPending} disabled={!checked.success}>
                  {t('invitation.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
