import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge';
import type { DeskStep } from './api';

type Condition = EscrowDeal['conditions'][number];
type Proposal = EscrowDeal['proposals'][number];

/** A condition with its documents; while the money is held, a submitted one is verified or not met. */
export function DeskCondition({
  condition,
  held,
  busy,
  send,
  onNotMet,
}: {
  condition: Condition;
  held: boolean;
  busy: boolean;
  send: (step: DeskStep) => void;
  onNotMet: () => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <Card withBorder padding="sm" data-testid="escrow-condition">
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
          <StatusBadge status={condition.status}>{condition.status}</StatusBadge>
          {condition.status === 'submitted' && held && (
            <>
              <Button
                size="xs"
                loading={busy}
                onClick={() => send({ kind: 'decide_condition', conditionId: condition.id, approve: true })}
              >
                {t('escrow.verify')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={onNotMet}>
                {t('escrow.not_met')}
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** The payout another operator proposed, for this one to approve or reject. */
export function DeskProposal({
  proposal,
  busy,
  send,
  onReject,
}: {
  proposal: Proposal;
  busy: boolean;
  send: (step: DeskStep) => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <Card withBorder padding="sm" data-testid="escrow-proposal">
      <Text>
        {t('escrow.waiting', { action: t(`escrow.proposal.${proposal.action}`), by: proposal.proposed_by })}
      </Text>
      <Text size="sm" c="dimmed">
        {proposal.reason}
      </Text>
      <Group mt="xs">
        <Button
          color="green"
          loading={busy}
          onClick={() => send({ kind: 'decide_payout', proposalId: proposal.id, verdict: 'approve' })}
        >
          {t('escrow.approve')}
        </Button>
        <Button color="red" variant="light" onClick={onReject}>
          {t('escrow.reject')}
        </Button>
      </Group>
    </Card>
  );
}
