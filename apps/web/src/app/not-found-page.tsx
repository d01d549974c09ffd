import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../components/use-page-title';
import { useLocalePath } from '../lib/use-locale';

// docs/requirements/public-site.md and docs/error-catalogue.md: an unknown route says so and offers
// the way home.
export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  usePageTitle(t('errors.not_found_title'));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('errors.not_found')}</Title>
        <Anchor component={Link} to={to('/')}>
          {t('errors.go_home')}
        </Anchor>
      </Stack>
    </Container>
  );
}
