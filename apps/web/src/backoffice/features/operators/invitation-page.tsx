import { Alert, Anchor, Card, Center, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { AcceptInvitationForm } from './accept-invitation-form';
import { invitationQuery } from './api';

// An invited operator's first visit (docs/requirements/back-office.md): the authenticator enrolment, shown to this
// person alone, a password of their own, and the app's first code to prove it works.
export default function InvitationPage() {
  const { t } = useTranslation('backoffice');
  const { token = '' } = useParams();
  usePageTitle(t('invitation.title'), undefined, null);
  const invitation = useQuery(invitationQuery(token));
  const [accepted, setAccepted] = useState(false);
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
          {accepted && (
            <>
              <Alert color="green" role="status">
                {t('invitation.done')}
              </Alert>
              {login}
            </>
          )}
          {invitation.data && !accepted && (
            <AcceptInvitationForm
              token={token}
              invitation={invitation.data}
              onAccepted={() => setAccepted(true)}
            />
          )}
        </Stack>
      </Card>
    </Center>
  );
}
