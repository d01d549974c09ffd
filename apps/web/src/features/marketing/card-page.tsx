import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { brand } from '../../lib/brand';
import { CardWaitlistForm } from './card-waitlist-form';

// /card: the payment card to come, its daily withdrawal limit and planned year from the brand's
// tariff, and the waiting list.
export default function CardPage() {
  const { t } = useTranslation('marketing');
  usePageTitle(t('card.title'), t('card.description'));
  const limit = formatMoney(brand.tariff.card.daily_withdrawal_limit, brand.tariff.currency);
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('card.title')}</Title>
        <Text fz="lg">{t('card.intro', { limit })}</Text>
        <Text>{t('card.not_yet', { year: brand.tariff.card.available_from })}</Text>
        <CardWaitlistForm />
      </Stack>
    </Container>
  );
}
