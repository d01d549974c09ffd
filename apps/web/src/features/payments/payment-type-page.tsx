import { paymentTypes } from '@bluepeak/core/payments';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';

// /dashboard/payments/type: the first step of a new payment, the kind of payment; the next is
// the recipient (saved or new), then the form of that type.
export default function PaymentTypePage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('type.title'));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('type.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {paymentTypes.map((type) => (
          <Card
            key={type}
            withBorder
            padding="lg"
            component={Link}
            to={`/dashboard/recipients/choose?type=${type}`}
            data-testid={`payment-type-${type}`}
          >
            <Text fw={700}>{t(`types.${type}`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`type.hint_${type}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
