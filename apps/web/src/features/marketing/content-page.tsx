import { Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { brand } from '../../lib/brand';
import { useSupportHours } from '../../lib/support-hours';
import { useLocalePath } from '../../lib/use-locale';

// Text-first pages (about, strategy, private, business, legal) are data in the locale files:
// a title, an intro and sections of paragraphs or bullet points. One component lays them out.
export type ContentSection = { heading: string; paragraphs?: string[]; points?: string[] };
type ContentPageText = {
  title: string;
  description: string;
  intro: string;
  sections: ContentSection[];
  cta?: { label: string; to: string };
};

export function ContentPage({
  page,
}: {
  page: 'about' | 'strategy' | 'private' | 'business' | 'privacy' | 'terms';
}) {
  const { t } = useTranslation('marketing');
  const to = useLocalePath();
  const support = useSupportHours();
  const text = t(page, {
    returnObjects: true,
    brand: brand.trading_name,
    legal_name: brand.legal_name,
    support_hours: support.hours,
    online: support.online,
    card_limit: formatMoney(brand.tariff.card.daily_withdrawal_limit, brand.tariff.currency),
  }) as ContentPageText;
  usePageTitle(text.title, text.description);
  return (
    <Container size="md" py={48}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{text.title}</Title>
          <Text fz="lg">{text.intro}</Text>
        </Stack>
        {text.sections.map((section) => (
          <Stack gap="xs" key={section.heading} component="section">
            <Title order={2} fz="h3">
              {section.heading}
            </Title>
            {section.paragraphs?.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            {section.points && (
              <List spacing={4}>
                {section.points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
        {text.cta && (
          <Group>
            <Button component={Link} to={to(text.cta.to)} size="md">
              {text.cta.label}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
