import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { problemMessage } from '../../lib/api-error-message';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { agreeToRefund, disputeEscrow, type EscrowStep, escrowKeys, takeEscrowStep } from './api';
import { ConsentCode } from './consent-code';
import { FundAction } from './fund-action';

/** The steps open to the caller now: answer, withdraw, fund, dispute, agree to a refund. */
export function EscrowActions({ deal }: { deal: EscrowDeal }) {
  const { t } = useTranslation('escrow');
  const queryClient = useQueryClient();
  const refresh = (answer: { data: EscrowDeal }) => {
    queryClient.setQueryData(escrowKeys.one(deal.id), answer);
    void queryClient.invalidateQueries({ queryKey: escrowKeys.all });
  };
  // Each step is sent with an Idempotency-Key: a retry of the same step replays its first answer.
  const { mutation: step, send: take } = useIdempotentMutation({
    request: (name: EscrowStep, key: string) => takeEscrowStep(deal.id, name, key),
    onSuccess: refresh,
  });
  const { mutation: refund, send: agree } = useIdempotentMutation({
    request: (code: string, key: string) => agreeToRefund(deal.id, code, key),
    onSuccess: refresh,
  });
  const [reason, setReason] = useState('');
  const { mutation: dispute, send: disputeFor } = useIdempotentMutation({
    request: (text: string, key: string) => disputeEscrow(deal.id, text, key),
    onSuccess: refresh,
  });
  const mine = deal.my_role;
  const proposer = mine === deal.proposed_by;
  const held = deal.status === 'funded' || deal.status === 'disputed';
  const error = [step, dispute].find((mutation) => mutation.isError)?.error;
  const button = (name: EscrowStep, color?: string) => (
    <Button
      key={name}
      color={color}
      variant={color ? 'light' : 'filled'}
      loading={step.isPending}
      onClick={() => take(name)}
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
          <FundAction
            deal={deal}
            onFunded={(answer) => {
              refresh(answer);
              void queryClient.invalidateQueries({ queryKey: ['client'] });
            }}
          />
        )}
        {deal.status === 'accepted' && mine === 'seller' && <Text size="sm">{t('waiting_for_funding')}</Text>}
        {held && (
          <Group align="flex-end">
            {!deal.refund_agreed_by.includes(mine ?? 'buyer') && (
              <ConsentCode
                dealId={deal.id}
                step={{ step: 'refund_agreement' }}
                label={t('actions.refund_agreement')}
                color="gray"
                confirm={{
                  send: (code) => agree(code),
                  pending: refund.isPending,
                  error: refund.error,
                }}
              />
            )}
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
                  onClick={() => disputeFor(reason)}
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
