import { minExchangeMinor } from '@bluepeak/core/fees';
import { parseMoneyInput } from '@bluepeak/core/money';
import { currencyExponent } from '@bluepeak/core/reference';
import {
  Alert,
  Button,
  Card,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { brand } from '../../lib/brand';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { exchangeKeys, latestRateQuery, requestQuote } from './api';
import { EXCHANGE_TEXTS } from './exchange-texts';
import { indicativeExchange } from './indicative-exchange';
import { IndicativeFigures } from './indicative-figures';
import { RateChart } from './rate-chart';

// /dashboard/accounts/exchange: choose the two accounts and type the amount to sell or to buy;
// the quote opens on its confirmation page with the rate, the markup and a countdown.
export default function ExchangePage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('exchange.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accounts = useQuery(currencyAccountsQuery);
  const list = accounts.data ?? [];
  const [fromId, setFromId] = useState(params.get('from') ?? '');
  const [toId, setToId] = useState('');
  const [side, setSide] = useState<'sell' | 'buy'>('sell');
  const [amountText, setAmountText] = useState('');
  const from = list.find((account) => account.id === fromId) ?? list[0];
  const to =
    list.find((account) => account.id === toId && account.id !== from?.id) ??
    list.find((a) => a.id !== from?.id);
  const typedCurrency = side === 'sell' ? from?.currency.code : to?.currency.code;
  const parsed = parseMoneyInput(amountText, currencyExponent(typedCurrency ?? 'EUR'));
  const quote = useMutation({
    mutationFn: requestQuote,
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(exchangeKeys.exchange(answer.data.id), answer);
      navigate(`/dashboard/accounts/exchange/${answer.data.id}/confirm`);
    },
  });
  const latest = useQuery(latestRateQuery(from?.currency.code ?? '', to?.currency.code ?? ''));
  const ready = from && to && parsed.ok && parsed.amount > 0;
  const price =
    ready && from && to && parsed.ok
      ? indicativeExchange({
          from: from.currency.code,
          to: to.currency.code,
          marketRate: latest.data?.rate,
          markupPpm: brand.tariff.fx_markup_ppm,
          side,
          amount: parsed.amount,
          available: from.available_balance,
        })
      : undefined;
  // A quote the account cannot pay for is not asked for (the API would refuse it too).
  const uncovered = price?.ok === true && !price.covered;
  const options = list.map((account) => ({
    value: account.id,
    label: `${account.name} (${account.currency.code})`,
  }));
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('exchange.title')}</Title>
      {accounts.isPending && <Skeleton height={240} aria-busy="true" />}
      {accounts.isSuccess && list.length < 2 && <Alert color="gray">{t('exchange.need_two')}</Alert>}
      {from && to && (
        <Card
          withBorder
          padding="lg"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready || uncovered || quote.isPending) return;
            const body = { from_account_id: from.id, to_account_id: to.id };
            quote.mutate(
              side === 'sell'
                ? { ...body, sell_amount: parsed.amount }
                : { ...body, buy_amount: parsed.amount },
            );
          }}
        >
          <Stack>
            <NativeSelect
              label={t('exchange.from')}
              value={from.id}
              data={options}
              onChange={(event) => setFromId(event.currentTarget.value)}
              description={
                <>
                  {t('exchange.available')}{' '}
                  <Money amount={from.available_balance} currency={from.currency.code} />
                </>
              }
            />
            <NativeSelect
              label={t('exchange.to')}
              value={to.id}
              data={options.filter((option) => option.value !== from.id)}
              onChange={(event) => setToId(event.currentTarget.value)}
            />
            <SegmentedControl
              value={side}
              onChange={(value) => setSide(value as 'sell' | 'buy')}
              data={[
                { value: 'sell', label: t('exchange.side_sell') },
                { value: 'buy', label: t('exchange.side_buy') },
              ]}
              aria-label={t('exchange.side')}
            />
            <TextInput
              label={t(side === 'sell' ? 'exchange.amount_sell' : 'exchange.amount_buy', {
                currency: typedCurrency,
              })}
              value={amountText}
              onChange={(event) => setAmountText(event.currentTarget.value)}
              inputMode="decimal"
              autoComplete="off"
              description={
                <>
                  {t('exchange.minimum')}{' '}
                  <Money amount={minExchangeMinor(from.currency.code)} currency={from.currency.code} />
                </>
              }
              error={amountText && !parsed.ok ? t('exchange.amount_invalid') : undefined}
              required
            />
            <IndicativeFigures
              price={price}
              side={side}
              sellCurrency={from.currency.code}
              buyCurrency={to.currency.code}
              rateDay={latest.data?.day}
              available={from.available_balance}
            />
            <FormMessage message={quote.isError ? problemMessage(quote.error, EXCHANGE_TEXTS) : undefined} />
            <Button type="submit" loading={quote.isPending} disabled={!ready || uncovered}>
              {t('exchange.get_quote')}
            </Button>
          </Stack>
        </Card>
      )}
      {from && to && <RateChart from={from.currency.code} to={to.currency.code} />}
    </Stack>
  );
}
