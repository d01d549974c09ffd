import { Badge, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { brand } from '../../lib/brand';
import { useSupportHours } from '../../lib/support-hours';
import { useLocalePath } from '../../lib/use-locale';

// docs/requirements/public-site.md: the offers the marketing site describes, in this order.
const OFFERS = [
  'iban',
  'multi_currency',
  'mass',
  'swift',
  'escrow',
  'card',
  'messages',
  'two_factor',
] as const;

export default function HomePage() {
  const { t } = useTranslation('marketing');
  const to = useLocalePath();
  usePageTitle(t('home.title'), t('home.description'));
  const support = useSupportHours();
  return (
    <>
      <Box bg="var(--mantine-color-brand-light)" py={{ base: 48, sm: 80 }}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
              {t('home.hero_title')}
            </Title>
            <Text fz="lg">{t('home.hero_text', { brand: brand.trading_name })}</Text>
            <Group>
              <Button component={Link} to={to('/private-account')} size="md">
                {t('home.open_private')}
              </Button>
              <Button component={Link} to={to('/business-account')} size="md" variant="default">
                {t('home.open_business')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={56}>
        <Title order={2} mb="lg">
          {t('home.offers_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {OFFERS.map((offer) => (
            <Card key={offer} withBorder padding="lg" component="article">
              {offer === 'card' && (
                <Badge variant="light" mb="xs">
                  {t('home.coming_soon')}
                </Badge>
              )}
              <Title order={3} fz="lg" mb="xs">
                {t(`home.offers.${offer}.title`)}
              </Title>
              <Text size="sm">{t(`home.offers.${offer}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <Stack mt={56} gap="xs" maw={720}>
          <Title order={2}>{t('home.trust_title')}</Title>
          <Text>{t('home.trust_text', { hours: support.hours, online: support.online })}</Text>
        </Stack>
      </Container>
    </>
  );
}
