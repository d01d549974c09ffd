import { escrowProposeActionSchema } from '@bluepeak/core/escrow';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Money } from '../../../components/money';
import { usePageTitle } from '../../../components/use-page-title';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { LoadFailed } from '../../components/load-failed';
import { ReasonDialog } from '../../components/reason-dialog';
import { RequirePermission } from '../../components/require-permission';
import { showInfo } from '../../lib/notify';
import { type DeskStep, escrowDealQuery, takeDeskStep } from './api';

type Dialog =
  | { kind: 'reject_condition'; conditionId: string }
  | { kind: 'propose'; action: 'release' | 'refund' }
  | { kind: 'reject_proposal'; proposalId: string };

// One deal at the escrow desk: decide each condition on its documents, propose a payout, or
// approve the one another operator proposed (the API refuses the maker as checker).
export default function EscrowDealPage() {
  return (
    <RequirePermission needs="manageEscrow">
      <EscrowDeal />
    </RequirePermission>
  );
}

function EscrowDeal() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const deal = useQuery(escrowDealQuery(id));
  usePageTitle(deal.data?.reference ?? t('escrow.title'), undefined, null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { mutation: act, send } = useIdempotentMutation({
    request: (step: DeskStep, key: string) => takeDeskStep(id, step, key),
    silent: false,
    onSuccess: async () => {
      showInfo(t('escrow.done'));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'escrows'] });
    },
  });
  if (deal.isPending) return <Skeleton role="status" h={200} aria-label={t('loading')} />;
  if (deal.isError) return <LoadFailed onRetry={() => void deal.refetch()} />;
  const data = deal.data;
  const open = data.proposals.find((proposal) => proposal.status === 'proposed');
  const held = data.status === 'funded' || data.status === 'disputed';
  return (
    <Stack maw={900}>
      <Anchor component={Link} to="/escrow" size="sm">
        ← {t('escrow.title')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>
          {data.reference}: {data.title}
        </Title>
        <Badge size="lg" data-testid="escrow-status">
          {data.status}
        </Badge>
      </Group>
      <Text size="sm">
        {data.buyer_name} → {data.seller_name} · <Money amount={data.amount} currency={data.currency} /> ·{' '}
        {t('escrow.deadline', { date: data.deadline })}
        {data.deadline_passed ? ` · ${t('escrow.deadline_passed')}` : ''}
      </Text>
      {(data.outside_seller || data.funded_by_incoming_payment) && (
        <Text size="sm" c="dimmed" data-testid="escrow-outside">
          {data.outside_seller &&
            t('escrow.outside', {
              iban: data.outside_seller.iban,
              rail: data.outside_seller.paid_by.toUpperCase(),
            })}
          {data.payout_payment_id && ` ${t('escrow.payout_payment', { id: data.payout_payment_id })}`}
          {data.funded_by_incoming_payment && ` ${t('escrow.funded_by_transfer')}`}
        </Text>
      )}
      {data.dispute_reason && <Text c="orange">{t('escrow.disputed', { reason: data.dispute_reason })}</Text>}
      {data.conditions.map((condition) => (
        <Card key={condition.id} withBorder padding="sm" data-testid="escrow-condition">
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={500}>
                {condition.position}. {condition.description}
              </Text>
              <Text size="xs" c="dimmed">
                {condition.documents
                  .map((document) => `${document.file_name} (${document.uploaded_by})`)
                  .join(', ') || t('escrow.no_documents')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge variant="light">{condition.status}</Badge>
              {condition.status === 'submitted' && held && (
                <>
                  <Button
                    size="xs"
                    loading={act.isPending}
                    onClick={() =>
                      send({ kind: 'decide_condition', conditionId: condition.id, approve: true })
                    }
                  >
                    {t('escrow.verify')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setDialog({ kind: 'reject_condition', conditionId: condition.id })}
                  >
                    {t('escrow.not_met')}
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Card>
      ))}
      {held && !open && (
        <Group>
          <Button onClick={() => setDialog({ kind: 'propose', action: 'release' })}>
            {t('escrow.propose.release')}
          </Button>
          <Button variant="light" onClick={() => setDialog({ kind: 'propose', action: 'refund' })}>
            {t('escrow.propose.refund')}
          </Button>
        </Group>
      )}
      {open && (
        <Card withBorder padding="sm" data-testid="escrow-proposal">
          <Text>
            {t('escrow.waiting', { action: t(`escrow.proposal.${open.action}`), by: open.proposed_by })}
          </Text>
          <Text size="sm" c="dimmed">
            {open.reason}
          </Text>
          <Group mt="xs">
            <Button
              color="green"
              loading={act.isPending}
              onClick={() => send({ kind: 'decide_payout', proposalId: open.id, verdict: 'approve' })}
            >
              {t('escrow.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => setDialog({ kind: 'reject_proposal', proposalId: open.id })}
            >
              {t('escrow.reject')}
            </Button>
          </Group>
        </Card>
      )}
      {dialog && (
        <ReasonDialog
          title={t(`escrow.dialog.${dialog.kind}`)}
          confirm={t('escrow.confirm')}
          busy={act.isPending}
          field={escrowProposeActionSchema.shape.reason}
          label={t('escrow.reason')}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            send(
              dialog.kind === 'propose'
                ? { kind: 'propose', action: dialog.action, reason }
                : dialog.kind === 'reject_condition'
                  ? { kind: 'decide_condition', conditionId: dialog.conditionId, approve: false, reason }
                  : { kind: 'decide_payout', proposalId: dialog.proposalId, verdict: 'reject', reason },
            )
          }
        />
      )}
    </Stack>
  );
}
