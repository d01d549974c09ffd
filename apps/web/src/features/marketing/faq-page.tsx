import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { useSupportHours } from '../../lib/support-hours';

type FaqItem = { q: string; a: string };

export default function FaqPage() {
  const { t } = useTranslation('marketing');
  usePageTitle(t('faq.title'), t('faq.description'));
  const support = useSupportHours();
  const items = t('faq.items', {
    returnObjects: true,
    support_hours: support.hours,
    online: support.online,
  }) as FaqItem[];
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('faq.title')}</Title>
        <Text fz="lg">{t('faq.intro')}</Text>
        <Accordion variant="separated" multiple>
          {items.map((item) => (
            <Accordion.Item key={item.q} value={item.q}>
              <Accordion.Control>
                <Text fw={600} component="h2" fz="md" m={0}>
                  {item.q}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>{item.a}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
