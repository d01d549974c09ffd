import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { fundEscrow } from './api';
import { ConsentCode } from './consent-code';

// The buyer funds an accepted deal: from an account in the deal's currency with a one-time code,
// or by a transfer to its own IBAN carrying the deal's reference and at least the funding total.
export function FundAction({
  deal,
  onFunded,
}: {
  deal: EscrowDeal;
  onFunded: (answer: { data: EscrowDeal }) => void;
}) {
  const { t } = useTranslation('escrow');
  const accounts = useQuery(currencyAccountsQuery);
  const own = (accounts.data ?? []).filter((account) => account.currency.code === deal.currency);
  const [accountId, setAccountId] = useState<string | null>(null);
  const chosen = accountId ?? own[0]?.id ?? null;
  const fund = useIdempotentMutation({
    request: (values: { account: string; code: string }, key: string) =>
      fundEscrow(deal.id, values.account, values.code, key),
    onSuccess: onFunded,
  });
  return (
    <Stack gap="sm" data-testid="escrow-fund">
      <Select
        label={t('actions.fund_from')}
        value={chosen}
        onChange={setAccountId}
        data={own.map((account) => ({
          value: account.id,
          label: `${account.currency.code} · ${account.iban}`,
        }))}
      />
      <ConsentCode
        key={chosen ?? ''}
        dealId={deal.id}
        step={{ step: 'fund', account_id: chosen ?? '' }}
        label={t('actions.fund')}
        disabled={!chosen}
        confirm={{
          send: (code) => chosen && fund.send({ account: chosen, code }),
          pending: fund.mutation.isPending,
          error: fund.mutation.error,
        }}
      />
      <Text size="sm" c="dimmed" data-testid="escrow-transfer-note">
        {t('fund_by_transfer', { reference: deal.reference })}{' '}
        <Money amount={deal.funding_total} currency={deal.currency} />
      </Text>
    </Stack>
  );
}
