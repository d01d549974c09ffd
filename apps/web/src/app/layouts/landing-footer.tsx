import { Anchor, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useSupportHours } from '../../lib/support-hours';
import { useLocalePath } from '../../lib/use-locale';

export const SITE_LINKS = [
  'private',
  'business',
  'fees',
  'card',
  'escrowAccount',
  'faq',
  'about',
  'strategy',
  'contacts',
] as const;

// docs/requirements/public-site.md: contact details, the regulatory statement, privacy and terms links.
export function LandingFooter() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const support = useSupportHours();
  const address = [...brand.registered_address.lines, brand.registered_address.postcode].join(', ');
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-default-border)', marginTop: 'auto' }}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap={4}>
            <Title order={2} fz="md">
              {t('footer.contact')}
            </Title>
            <Anchor href={`mailto:${brand.support_email}`}>{brand.support_email}</Anchor>
            <Anchor href={`tel:${brand.support_phone.replace(/\s/g, '')}`}>{brand.support_phone}</Anchor>
            <Text size="sm">{t('footer.support_hours', { hours: support.hours })}</Text>
            <Text size="sm">{support.online}</Text>
          </Stack>
          <Stack gap={4}>
            <Title order={2} fz="md">
              {t('footer.registered_office')}
            </Title>
            <Text size="sm">{brand.legal_name}</Text>
            <Text size="sm">{address}</Text>
          </Stack>
        </SimpleGrid>
        <Group component="nav" aria-label={t('footer.site')} gap="md" mt="lg">
          {SITE_LINKS.map((page) => (
            <Anchor key={page} component={Link} to={to(`/${page}`)} size="sm">
              {t(`footer.links.${page}`)}
            </Anchor>
          ))}
        </Group>
        <Divider my="md" />
        <Text size="xs" data-testid="regulatory-statement">
          {brand.regulatory_statement}
        </Text>
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="xs">
            {t('footer.copyright', { year: new Date().getUTCFullYear(), legal_name: brand.legal_name })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={to('/privacy')} size="sm">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to={to('/terms-and-conditions')} size="sm">
              {t('footer.terms')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
