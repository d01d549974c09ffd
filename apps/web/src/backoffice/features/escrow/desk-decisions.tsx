import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge';
import { useMe } from '../../lib/api';
import { type DeskStep, deskDocumentUrl } from './api';

type Condition = EscrowDeal['conditions'][number];
type Proposal = EscrowDeal['proposals'][number];

/** A condition with its documents; while the money is held, a submitted one is verified or not met. */
export function DeskCondition({
  dealId,
  condition,
  held,
  busy,
  send,
  onNotMet,
}: {
  dealId: string;
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
          {condition.documents.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('escrow.no_documents')}
            </Text>
          ) : (
            // The evidence the condition is decided on, each file opened from here.
            <Group gap="xs">
              {condition.documents.map((document) => (
                <Anchor key={document.id} size="xs" href={deskDocumentUrl(dealId, document.id)} download>
                  {document.file_name} ({t(`escrow.sides.${document.uploaded_by}`)})
                </Anchor>
              ))}
            </Group>
          )}
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

/** The payout another operator proposed, for this one to approve or reject (each asked first). */
export function DeskProposal({
  proposal,
  onApprove,
  onReject,
}: {
  proposal: Proposal;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('backoffice');
  // Four eyes: the operator who proposed it cannot approve it, so is not offered to.
  const own = useMe().data?.email === proposal.proposed_by;
  return (
    <Card withBorder padding="sm" data-testid="escrow-proposal">
      <Text>
        {t('escrow.waiting', { action: t(`escrow.proposal.${proposal.action}`), by: proposal.proposed_by })}
      </Text>
      <Text size="sm" c="dimmed">
        {proposal.reason}
      </Text>
      {own && (
        <Text size="sm" mt="xs">
          {t('escrow.own_proposal')}
        </Text>
      )}
      <Group mt="xs">
        {!own && (
          <Button color="green" onClick={onApprove}>
            {t('escrow.approve')}
          </Button>
        )}
        <Button color="red" variant="light" onClick={onReject}>
          {t('escrow.reject')}
        </Button>
      </Group>
    </Card>
  );
}
