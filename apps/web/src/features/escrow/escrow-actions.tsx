import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { problemMessage } from '../../lib/api-error-message';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { AcceptDealDialog } from './accept-dialog';
import {
  agreeToRefund,
  type DealAnswer,
  disputeEscrow,
  type EscrowStep,
  escrowKeys,
  takeEscrowStep,
} from './api';
import { ConsentCode } from './consent-code';
import { type DealActions, hasActionsCard } from './deal-actions';
import { FundAction } from './fund-action';

/**
 * The steps open to the caller now (`shown`, from dealActions): answer, withdraw, fund, dispute,
 * agree to a refund, and what it waits for. Nothing at all once the deal has no step left.
 */
export function EscrowActions({ deal, shown }: { deal: EscrowDeal; shown: DealActions }) {
  const { t } = useTranslation('escrow');
  const queryClient = useQueryClient();
  const [accepting, acceptDialog] = useDisclosure(false);
  const refresh = (answer: DealAnswer) => {
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
  if (!hasActionsCard(shown)) return null;
  const can = (action: DealActions['actions'][number]) => shown.actions.includes(action);
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
        {(can('accept') || can('decline') || can('cancel')) && (
          <Group>
            {shown.notes.includes('waiting_for_other') && <Text size="sm">{t('waiting_for_other')}</Text>}
            {can('accept') && (
              <Button key="accept" onClick={acceptDialog.open}>
                {t('actions.accept')}
              </Button>
            )}
            {can('decline') && button('decline', 'red')}
            {can('cancel') && button('cancel', 'red')}
          </Group>
        )}
        {can('fund') && (
          <FundAction
            deal={deal}
            onFunded={(answer) => {
              refresh(answer);
              void queryClient.invalidateQueries({ queryKey: ['client'] });
            }}
          />
        )}
        {shown.notes.includes('waiting_for_funding') && <Text size="sm">{t('waiting_for_funding')}</Text>}
        {(can('refund_agreement') || can('dispute')) && (
          <Group align="flex-end">
            {can('refund_agreement') && (
              <ConsentCode
                dealId={deal.id}
                step={{ step: 'refund_agreement' }}
                label={t('actions.refund_agreement')}
                color="gray"
                confirm={{ send: (code) => agree(code), pending: refund.isPending, error: refund.error }}
              />
            )}
            {can('dispute') && (
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
        {shown.notes.includes('held_note') && (
          <Text size="sm" c="dimmed">
            {t('held_note')}
          </Text>
        )}
        <FormMessage message={error ? (problemMessage(error) ?? t('failed')) : undefined} />
      </Stack>
      {accepting && (
        <AcceptDealDialog
          deal={deal}
          onAccepted={(answer) => {
            acceptDialog.close();
            refresh(answer);
          }}
          onClose={acceptDialog.close}
        />
      )}
    </Card>
  );
}
