import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { exchangeQuery } from './api';
import { EXCHANGE_TEXTS } from './exchange-texts';
import { ExchangeStatus, QuoteFigures } from './quote-figures';

// /dashboard/accounts/exchange/{id}/result: what was booked, with links to both accounts.
export default function ExchangeResultPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('exchange.result_title'));
  const { id = '' } = useParams();
  const exchange = useQuery(exchangeQuery(id));
  const data = exchange.data;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('exchange.result_title')}</Title>
      {exchange.isPending && <Skeleton height={200} aria-busy="true" />}
      <FormMessage message={exchange.isError ? problemMessage(exchange.error, EXCHANGE_TEXTS) : undefined} />
      {data && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Text fw={700} fz="lg" data-testid="exchange-summary">
                <Money amount={data.sell_amount} currency={data.sell_currency} /> →{' '}
                <Money amount={data.buy_amount} currency={data.buy_currency} />
              </Text>
              <ExchangeStatus status={data.status} />
            </Group>
            {data.status !== 'completed' && <Alert color="yellow">{t('exchange.not_booked')}</Alert>}
            <QuoteFigures exchange={data} />
            <Group>
              <Button component={Link} to={`/dashboard/accounts/${data.to_account_id}`}>
                {t('exchange.to_account', { currency: data.buy_currency })}
              </Button>
              <Button variant="default" component={Link} to={`/dashboard/accounts/${data.from_account_id}`}>
                {t('exchange.to_account', { currency: data.sell_currency })}
              </Button>
              <Button variant="subtle" component={Link} to="/dashboard/accounts/exchange">
                {t('exchange.again')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
