import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { brand } from '../../lib/brand';
import { useSupportHours } from '../../lib/support-hours';

export default function ContactsPage() {
  const { t } = useTranslation('marketing');
  usePageTitle(t('contacts.title'), t('contacts.description'));
  const support = useSupportHours();
  const address = [...brand.registered_address.lines, brand.registered_address.postcode].join(', ');
  const cards = [
    {
      label: t('contacts.email'),
      value: <Anchor href={`mailto:${brand.support_email}`}>{brand.support_email}</Anchor>,
    },
    {
      label: t('contacts.phone'),
      value: <Anchor href={`tel:${brand.support_phone.replace(/\s/g, '')}`}>{brand.support_phone}</Anchor>,
    },
    { label: t('contacts.hours'), value: support.hours },
    { label: t('contacts.online'), value: support.online },
    { label: t('contacts.address'), value: `${brand.legal_name}, ${address}` },
  ];
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('contacts.title')}</Title>
        <Text fz="lg">{t('contacts.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {cards.map((card) => (
            <Card key={card.label} withBorder padding="lg">
              <Title order={2} fz="md" mb={4}>
                {card.label}
              </Title>
              <Text>{card.value}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
