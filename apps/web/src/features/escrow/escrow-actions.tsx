import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Button, Card, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { problemMessage } from '../../lib/api-error-message';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { disputeEscrow, type EscrowStep, escrowKeys, fundEscrow, takeEscrowStep } from './api';

/** The steps open to the caller now: answer, withdraw, fund, dispute, agree to a refund. */
export function EscrowActions({ deal }: { deal: EscrowDeal }) {
  const { t } = useTranslation('escrow');
  const queryClient = useQueryClient();
  const refresh = (answer: { data: EscrowDeal }) => {
    queryClient.setQueryData(escrowKeys.one(deal.id), answer);
    void queryClient.invalidateQueries({ queryKey: escrowKeys.all });
  };
  const step = useMutation({
    mutationFn: (name: EscrowStep) => takeEscrowStep(deal.id, name),
    onSuccess: refresh,
  });
  const accounts = useQuery(currencyAccountsQuery);
  const own = (accounts.data ?? []).filter((account) => account.currency.code === deal.currency);
  const [accountId, setAccountId] = useState<string | null>(null);
  const chosen = accountId ?? own[0]?.id ?? null;
  const fund = useIdempotentMutation({
    request: (values: { account: string }, key: string) => fundEscrow(deal.id, values.account, key),
    onSuccess: (answer) => {
      refresh(answer);
      void queryClient.invalidateQueries({ queryKey: ['client'] });
    },
  });
  const [reason, setReason] = useState('');
  const dispute = useMutation({ mutationFn: () => disputeEscrow(deal.id, reason), onSuccess: refresh });
  const mine = deal.my_role;
  const proposer = mine === deal.proposed_by;
  const held = deal.status === 'funded' || deal.status === 'disputed';
  const error = [step, fund.mutation, dispute].find((mutation) => mutation.isError)?.error;
  const button = (name: EscrowStep, color?: string) => (
    <Button
      key={name}
      color={color}
      variant={color ? 'light' : 'filled'}
      loading={step.isPending}
      onClick={() => step.mutate(name)}
    >
      {t(`actions.${name}`)}
    </Button>
  );
  return (
    <Card withBorder padding="md" data-testid="escrow-actions">
      <Stack gap="sm">
        {deal.status === 'proposed' && !proposer && (
          <Group>{[button('accept'), button('decline', 'red')]}</Group>
        )}
        {deal.status === 'proposed' && proposer && (
          <Group>
            <Text size="sm">{t('waiting_for_other')}</Text>
            {button('cancel', 'red')}
          </Group>
        )}
        {deal.status === 'accepted' && mine === 'buyer' && (
          <Group align="flex-end">
            <Select
              label={t('actions.fund_from')}
              value={chosen}
              onChange={setAccountId}
              data={own.map((account) => ({
                value: account.id,
                label: `${account.currency.code} · ${account.iban}`,
              }))}
            />
            <Button
              loading={fund.mutation.isPending}
              disabled={!chosen}
              onClick={() => chosen && fund.send({ account: chosen })}
            >
              {t('actions.fund')}
            </Button>
          </Group>
        )}
        {deal.status === 'accepted' && mine === 'seller' && <Text size="sm">{t('waiting_for_funding')}</Text>}
        {held && (
          <Group align="flex-end">
            {!deal.refund_agreed_by.includes(mine ?? 'buyer') && button('refund_agreement', 'gray')}
            {deal.status === 'funded' && (
              <>
                <Textarea
                  label={t('actions.dispute_reason')}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <Button
                  color="orange"
                  variant="light"
                  loading={dispute.isPending}
                  disabled={!reason.trim()}
                  onClick={() => dispute.mutate()}
                >
                  {t('actions.dispute')}
                </Button>
              </>
            )}
          </Group>
        )}
        {held && (
          <Text size="sm" c="dimmed">
            {t('held_note')}
          </Text>
        )}
        <FormMessage message={error ? (problemMessage(error) ?? t('failed')) : undefined} />
      </Stack>
    </Card>
  );
}
