import { escrowProposalDecisionSchema, escrowProposeActionSchema } from '@bluepeak/core/escrow';
import { Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { LoadFailed } from '../../components/load-failed';
import { MoneySummary } from '../../components/money-summary';
import { ReasonDialog } from '../../components/reason-dialog';
import { RequirePermission } from '../../components/require-permission';
import { showInfo } from '../../lib/notify';
import { type DeskStep, escrowDealQuery, takeDeskStep } from './api';
import { DealSummary } from './deal-summary';
import { DeskCondition, DeskProposal } from './desk-decisions';
import { payoutLines } from './payout-lines';

type Dialog =
  | { kind: 'reject_condition'; conditionId: string }
  | { kind: 'propose'; action: 'release' | 'refund' }
  | { kind: 'reject_proposal'; proposalId: string }
  | { kind: 'approve_proposal'; proposalId: string };

// One deal at the escrow desk: decide each condition on its documents, propose a payout, or
// approve the one another operator proposed (the API refuses the maker as checker), asked first
// with what it pays and to whom.
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
      <DealSummary deal={data} />
      {data.conditions.map((condition) => (
        <DeskCondition
          key={condition.id}
          dealId={data.id}
          condition={condition}
          held={held}
          busy={act.isPending}
          send={send}
          onNotMet={() => setDialog({ kind: 'reject_condition', conditionId: condition.id })}
        />
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
        <DeskProposal
          proposal={open}
          onApprove={() => setDialog({ kind: 'approve_proposal', proposalId: open.id })}
          onReject={() => setDialog({ kind: 'reject_proposal', proposalId: open.id })}
        />
      )}
      {dialog?.kind === 'approve_proposal' && open && (
        <ReasonDialog
          title={t('escrow.dialog.approve_proposal')}
          confirm={t('escrow.approve')}
          confirmColor="green"
          busy={act.isPending}
          field={escrowProposalDecisionSchema.shape.reason}
          required={false}
          label={t('escrow.note_optional')}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            send({ kind: 'decide_payout', proposalId: dialog.proposalId, verdict: 'approve', reason })
          }
        >
          <MoneySummary lines={payoutLines(data, open, t)} />
        </ReasonDialog>
      )}
      {dialog && dialog.kind !== 'approve_proposal' && (
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
