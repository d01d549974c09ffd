import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { confirmExchange, exchangeKeys, exchangeQuery, requestQuote, requoteOf } from './api';
import { EXCHANGE_TEXTS } from './exchange-texts';
import { ExchangeStatus, QuoteFigures } from './quote-figures';
import { useCountdown } from './use-countdown';

// /dashboard/accounts/exchange/{id}/confirm: the quote with a countdown to its expiry. Confirming
// books exactly these amounts (one Idempotency-Key per attempt); an expired quote offers a new one
// for the same accounts and amount.
export default function ExchangeConfirmPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('exchange.confirm_title'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exchange = useQuery(exchangeQuery(id));
  const seconds = useCountdown(
    exchange.data?.status === 'quoted' ? exchange.dataUpdatedAt + exchange.data.expires_in_ms : undefined,
  );
  const { mutation: confirm, send } = useIdempotentMutation({
    request: (exchangeId: string, key: string) => confirmExchange(exchangeId, key),
    onSuccess: async (answer) => {
      queryClient.setQueryData(exchangeKeys.exchange(id), answer);
      await queryClient.invalidateQueries({ queryKey: exchangeKeys.accounts });
      navigate(`/dashboard/accounts/exchange/${id}/result`);
    },
  });
  const requote = useMutation({
    mutationFn: requestQuote,
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(exchangeKeys.exchange(answer.data.id), answer);
      confirm.reset();
      navigate(`/dashboard/accounts/exchange/${answer.data.id}/confirm`);
    },
  });
  const data = exchange.data;
  const expired = data ? data.status === 'expired' || (data.status === 'quoted' && seconds === 0) : false;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('exchange.confirm_title')}</Title>
      {exchange.isPending && <Skeleton height={240} aria-busy="true" />}
      <FormMessage message={exchange.isError ? problemMessage(exchange.error, EXCHANGE_TEXTS) : undefined} />
      {data && (
        <Card withBorder padding="lg" component="section" aria-label={t('exchange.review')}>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                {t('exchange.review')}
              </Title>
              <ExchangeStatus status={expired ? 'expired' : data.status} />
            </Group>
            <QuoteFigures exchange={data} />
            {data.status === 'quoted' && !expired && (
              <Text fw={600} data-testid="quote-countdown" role="timer" aria-live="off">
                {t('exchange.countdown', { count: seconds })}
              </Text>
            )}
            {expired && <Alert color="yellow">{t('exchange.expired')}</Alert>}
            <FormMessage
              message={confirm.isError ? problemMessage(confirm.error, EXCHANGE_TEXTS) : undefined}
            />
            <FormMessage
              message={requote.isError ? problemMessage(requote.error, EXCHANGE_TEXTS) : undefined}
            />
            <Group>
              {data.status === 'completed' ? (
                <Button component={Link} to={`/dashboard/accounts/exchange/${id}/result`}>
                  {t('exchange.see_result')}
                </Button>
              ) : expired ? (
                <Button onClick={() => requote.mutate(requoteOf(data))} loading={requote.isPending}>
                  {t('exchange.new_quote')}
                </Button>
              ) : (
                <Button onClick={() => send(id)} loading={confirm.isPending}>
                  {t('exchange.confirm')}
                </Button>
              )}
              <Button variant="default" component={Link} to="/dashboard/accounts/exchange">
                {t('exchange.start_over')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
