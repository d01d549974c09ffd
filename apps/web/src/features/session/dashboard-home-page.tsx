import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { clientDisplayName, useClient } from '../../lib/client-session';

// The /dashboard landing until the dashboard feature replaces it: who is logged in, where the
// application stands and the one next step, so an approved client lands somewhere real.
export default function DashboardHomePage() {
  const { t } = useTranslation('auth');
  const client = useClient();
  usePageTitle(t('home.title'));
  const status = client.status;
  const companyStepsOpen = client.type === 'CORPORATE' && status === 'VERIFIED';
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('home.welcome', { name: clientDisplayName(client) })}</Title>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group gap="sm">
              <Text fw={600}>{t('home.status_label')}</Text>
              <Badge variant="light" color={status === 'APPROVED' ? 'green' : 'blue'}>
                {t(`home.status.${status}`)}
              </Badge>
            </Group>
            <Text>{t(`home.explain.${status}`)}</Text>
            {companyStepsOpen && (
              <Button component={Link} to="/dashboard/verification" w="fit-content">
                {t('home.company_steps')}
              </Button>
            )}
          </Stack>
        </Card>
        {client.update_required && <Alert color="yellow">{t('home.update_required')}</Alert>}
      </Stack>
    </Container>
  );
}
