import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationSteps } from '../../components/application-steps';
import { StatusBadge } from '../../components/status-badge';
import { usePageTitle } from '../../components/use-page-title';
import { WhatHappensNext } from '../../components/what-happens-next';
import { companyStepsLeft } from '../../lib/application-progress';
import { clientDisplayName, useClient } from '../../lib/client-session';

// /dashboard/application: where the application stands, step by step, and the one next step;
// once it is submitted, what happens next and when.
export default function DashboardHomePage() {
  const { t } = useTranslation('auth');
  const client = useClient();
  usePageTitle(t('home.title'));
  const status = client.status;
  const stepsLeft = companyStepsLeft(client);
  const companyStepsOpen = client.type === 'CORPORATE' && status === 'VERIFIED';
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('home.welcome', { name: clientDisplayName(client) })}</Title>
        <ApplicationSteps />
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group gap="sm">
              <Text fw={600}>{t('home.status_label')}</Text>
              <StatusBadge status={status === 'APPROVED' ? 'completed' : 'processing'}>
                {t(`home.status.${status}`)}
              </StatusBadge>
            </Group>
            <Text>
              {companyStepsOpen && stepsLeft > 0
                ? t('home.company_steps_left', { count: stepsLeft })
                : t(`home.explain.${status}`)}
            </Text>
            {companyStepsOpen && (
              <Button component={Link} to="/dashboard/verification" w="fit-content">
                {t('home.company_steps')}
              </Button>
            )}
            {status === 'APPROVED' && (
              <Button component={Link} to="/dashboard/accounts" w="fit-content">
                {t('home.to_accounts')}
              </Button>
            )}
          </Stack>
        </Card>
        {status === 'ON_APPROVAL' && <WhatHappensNext />}
        {client.update_required && <Alert color="yellow">{t('home.update_required')}</Alert>}
      </Stack>
    </Container>
  );
}
