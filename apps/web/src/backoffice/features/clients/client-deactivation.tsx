import {
  approveDeactivationSchema,
  type BackofficeDeactivation,
  rejectDeactivationSchema,
} from '@bluepeak/core/deactivation';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { formatMoney } from '../../../components/money';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-date';
import { MoneySummary } from '../../components/money-summary';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys } from '../../lib/api';
import { operatorWords } from '../../lib/i18n';
import { showInfo } from '../../lib/notify';
import { deactivationQuery, decideDeactivation } from './api';
import { deactivationLines } from './deactivation-lines';
import { DeactivationPayouts } from './deactivation-payouts';

type Verdict = 'approve' | 'reject';

// The client's deactivation request on the client record (docs/requirements/deactivation.md): when
// it was made and is due, the reason and pay-out, what would stop closing now, what approving pays
// out (and the pay-outs once made), and Approve (asked with what it charges and pays out, to whom)
// / Reject (with a reason).
export function ClientDeactivation({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { t } = useTranslation('backoffice');
  const request = useQuery(deactivationQuery(clientId));
  if (!request.data) return null;
  return (
    <Card withBorder padding="lg" component="section" data-testid="client-deactivation">
      <Title order={2} fz="h4" mb="sm">
        {t('deactivation.record_title')}
      </Title>
      <DeactivationDetails request={request.data} clientName={clientName} />
    </Card>
  );
}

function DeactivationDetails({
  request,
  clientName,
}: {
  request: BackofficeDeactivation;
  clientName: string;
}) {
  const { t } = useTranslation('backoffice');
  const pending = request.status === 'pending';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge data-testid="deactivation-status">{t(`deactivation.statuses.${request.status}`)}</Badge>
        {request.overdue && <Badge color="red.9">{t('deactivation.overdue')}</Badge>}
      </Group>
      <Text size="sm">
        {t('deactivation.requested')}: {request.requested_at ? formatDateTime(request.requested_at) : '–'} ·{' '}
        {t('deactivation.due')}: {request.due_at ? formatDateTime(request.due_at) : '–'}
      </Text>
      <Text size="sm">
        {t('deactivation.reason')}: {t(`deactivation.reasons.${request.reason}`)}
        {request.comment ? ` · ${request.comment}` : ''}
      </Text>
      <Text size="sm">
        {t('deactivation.payout')}:{' '}
        {request.payout.kind === 'recipient'
          ? t('deactivation.payout_recipient', { name: request.payout_recipient_name ?? '' })
          : t('deactivation.payout_zero')}
      </Text>
      <Text size="sm">
        {t('deactivation.balances')}:{' '}
        {request.accounts.map((account) => formatMoney(account.balance, account.currency)).join(' · ') || '–'}{' '}
        · {t('deactivation.closing_fee')}:{' '}
        {formatMoney(request.closing_fee.amount, request.closing_fee.currency)}
      </Text>
      {request.decision_reason && (
        <Text size="sm">
          {t('deactivation.decision_reason')}: {request.decision_reason}
        </Text>
      )}
      <DeactivationPayouts request={request} />
      {pending && request.blockers.length > 0 && (
        <Alert color="orange" title={t('deactivation.blocked_title')}>
          <List size="sm">
            {request.blockers.map((blocker) => (
              <List.Item key={blocker}>{t(`deactivation.blockers.${blocker}`)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {pending && (
        <DecisionButtons request={request} clientName={clientName} blocked={request.blockers.length > 0} />
      )}
    </Stack>
  );
}

function DecisionButtons({
  request,
  clientName,
  blocked,
}: {
  request: BackofficeDeactivation;
  clientName: string;
  blocked: boolean;
}) {
  const { t } = useTranslation('backoffice');
  const clientId = request.client_id;
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Verdict | null>(null);
  const decide = useMutation({
    mutationFn: ({ verdict, words }: { verdict: Verdict; words: string }) =>
      decideDeactivation(clientId, verdict, words),
    meta: { silent: true },
    onSuccess: async (_answer, { verdict }) => {
      showInfo(t(`deactivation.done.${verdict}`));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  const close = () => setDialog(null);
  return (
    <>
      <Group>
        <Button color="#1e6b34" onClick={() => setDialog('approve')} disabled={blocked}>
          {t('deactivation.approve')}
        </Button>
        <Button color="red.9" variant="outline" onClick={() => setDialog('reject')}>
          {t('deactivation.reject')}
        </Button>
      </Group>
      {dialog && (
        <ReasonDialog
          title={t(`deactivation.dialog.${dialog}`)}
          confirm={t('deactivation.confirm')}
          confirmColor={dialog === 'reject' ? 'red.9' : '#1e6b34'}
          busy={decide.isPending}
          field={
            dialog === 'approve'
              ? approveDeactivationSchema.shape.note
              : rejectDeactivationSchema.shape.reason
          }
          label={t(dialog === 'approve' ? 'deactivation.note_optional' : 'deactivation.reject_reason')}
          onClose={close}
          onSubmit={(words) => decide.mutate({ verdict: dialog, words })}
          footer={
            <FormMessage message={decide.isError ? errorText(decide.error, operatorWords) : undefined} />
          }
        >
          {dialog === 'approve' && (
            <>
              <MoneySummary lines={deactivationLines(request, clientName, t)} />
              <Text size="sm">{t('deactivation.approve_note')}</Text>
            </>
          )}
        </ReasonDialog>
      )}
    </>
  );
}
