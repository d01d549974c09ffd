import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormMessage } from '../../components/form-message';
import { Money } from '../../components/money';
import { problemMessage } from '../../lib/api-error-message';
import { formatDate } from '../../lib/format-date';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { acceptEscrowChange, answerEscrowChange, escrowKeys, proposeEscrowChange } from './api';
import { ConsentCode } from './consent-code';
import { type DealActions, hasChangesCard } from './deal-actions';

type Answer = { data: EscrowDeal };

// Changes to a running deal (docs/requirements/escrow.md, "Changes"): ask for a new deadline, with
// the change fee shown before asking; the other party accepts with a code or declines; the asker
// may withdraw. Which of these the caller sees is `shown` (dealActions): none when the seller is
// outside the institution or the deal no longer runs, and then no card at all.
export function EscrowChanges({ deal, shown }: { deal: EscrowDeal; shown: DealActions }) {
  const { t } = useTranslation('escrow');
  const queryClient = useQueryClient();
  const refresh = (answer: Answer) => {
    queryClient.setQueryData(escrowKeys.one(deal.id), answer);
    void queryClient.invalidateQueries({ queryKey: ['client'] });
  };
  const [deadline, setDeadline] = useState('');
  const [reason, setReason] = useState('');
  const ask = useIdempotentMutation({
    request: (body: { deadline: string; reason: string }, key: string) =>
      proposeEscrowChange(deal.id, body, key),
    onSuccess: refresh,
  });
  const open = deal.changes.find((change) => change.status === 'proposed');
  const accept = useIdempotentMutation({
    request: (step: { change: string; code: string }, key: string) =>
      acceptEscrowChange(deal.id, step.change, step.code, key),
    onSuccess: refresh,
  });
  const answer = useIdempotentMutation({
    request: (step: { change: string; kind: 'decline' | 'withdraw' }, key: string) =>
      answerEscrowChange(deal.id, step.change, step.kind, key),
    onSuccess: refresh,
  });
  if (!hasChangesCard(shown)) return null;
  const fee = deal.fees.find((line) => line.kind === 'change')?.amount ?? 0;
  const error = [ask.mutation, answer.mutation].find((mutation) => mutation.isError)?.error;
  return (
    <Card withBorder padding="md" data-testid="escrow-changes">
      <Stack gap="sm">
        <Text fw={700}>{t('changes.title')}</Text>
        {open ? (
          <Stack gap="xs" data-testid="escrow-open-change">
            <Text size="sm">
              {t('changes.asked', { side: t(`roles.${open.requested_by}`), reason: open.reason })}
              {open.new_deadline && ` ${t('changes.new_deadline', { date: formatDate(open.new_deadline) })}`}
            </Text>
            {shown.actions.includes('withdraw_change') ? (
              <Button
                variant="light"
                color="gray"
                onClick={() => answer.send({ change: open.id, kind: 'withdraw' })}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('changes.withdraw')}
              </Button>
            ) : (
              <Group align="flex-start">
                <ConsentCode
                  dealId={deal.id}
                  step={{ step: 'accept_change', change_id: open.id }}
                  label={t('changes.accept')}
                  confirm={{
                    send: (code) => accept.send({ change: open.id, code }),
                    pending: accept.mutation.isPending,
                    error: accept.mutation.error,
                  }}
                />
                <Button
                  variant="light"
                  color="red"
                  onClick={() => answer.send({ change: open.id, kind: 'decline' })}
                >
                  {t('changes.decline')}
                </Button>
              </Group>
            )}
          </Stack>
        ) : (
          <Group align="flex-end">
            <DateField label={t('changes.deadline')} value={deadline} onChange={setDeadline} />
            <TextInput
              label={t('changes.reason')}
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Button
              loading={ask.mutation.isPending}
              disabled={!deadline || !reason.trim()}
              onClick={() => ask.send({ deadline, reason })}
            >
              {t('changes.ask')}
            </Button>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t('changes.fee_note')} <Money amount={fee} currency={deal.currency} />
        </Text>
        <FormMessage message={error ? (problemMessage(error) ?? t('failed')) : undefined} />
      </Stack>
    </Card>
  );
}
