import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Card, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Money } from '../../components/money';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { acceptSummary } from './accept-summary';
import { type DealAnswer, takeEscrowStep } from './api';
import { EscrowFeesTable } from './escrow-fees-table';

function Line({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * Accepting a deal binds the party to it: the dialog says what it agrees to (the amount, the
 * other side, the conditions, the deadline and the fees with who pays them) before the
 * acceptance is sent, with its Idempotency-Key, so a retry replays the first answer.
 */
export function AcceptDealDialog({
  deal,
  onAccepted,
  onClose,
}: {
  deal: EscrowDeal;
  onAccepted: (answer: DealAnswer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('escrow');
  const idempotency = useIdempotencyKey();
  const summary = acceptSummary(deal);
  return (
    <ConfirmDialog
      size="lg"
      texts={{ title: t('accept.title'), confirm: t('accept.confirm'), cancel: t('accept.cancel') }}
      action={() => takeEscrowStep(deal.id, 'accept', idempotency.keyFor({ deal: deal.id }))}
      onDone={(answer) => {
        idempotency.reset();
        onAccepted(answer);
      }}
      onClose={onClose}
    >
      <Text size="sm">{t('accept.question')}</Text>
      <Card withBorder padding="sm" data-testid="escrow-accept-summary">
        <Stack gap={6}>
          <Line label={t('accept.amount')} testId="accept-amount">
            <Money amount={summary.amount} currency={summary.currency} />
          </Line>
          <Line label={t('accept.counterparty')} testId="accept-counterparty">
            {summary.counterparty}
          </Line>
          <Line label={t('accept.deadline')} testId="accept-deadline">
            {summary.deadline}
          </Line>
          <Line label={t('accept.funding_total')} testId="accept-funding-total">
            <Money amount={summary.fundingTotal} currency={summary.currency} />
          </Line>
          <Text size="sm" c="dimmed">
            {t('accept.conditions')}:
          </Text>
          <List size="sm" data-testid="accept-conditions">
            {summary.conditions.map((condition) => (
              <List.Item key={condition.id}>
                {condition.description} ({t('presented_by', { side: t(`roles.${condition.presenter}`) })})
              </List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <EscrowFeesTable fees={summary.fees} currency={summary.currency} />
    </ConfirmDialog>
  );
}
