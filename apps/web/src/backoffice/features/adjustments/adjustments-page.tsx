import { adjustmentDecisionSchema } from '@bluepeak/core/backoffice';
import { Alert, Anchor, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadFailed } from '../../components/load-failed';
import { MoneySummary } from '../../components/money-summary';
import { ReasonDialog } from '../../components/reason-dialog';
import { RequirePermission } from '../../components/require-permission';
import { backofficeKeys, useMe } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { AdjustmentsTable } from './adjustments-table';
import {
  type Adjustment,
  type AdjustmentStatus,
  adjustmentStatuses,
  adjustmentsQuery,
  decideAdjustment,
} from './api';
import { adjustmentLines } from './approval-lines';

// Manual adjustments under four eyes (docs/requirements/back-office.md): a proposal waits here until an operator other
// than its maker approves it (the ledger transfer is made then) or rejects it with a reason.
export default function AdjustmentsPage() {
  return (
    <RequirePermission needs="approveAdjustment">
      <Adjustments />
    </RequirePermission>
  );
}

function Adjustments() {
  const { t } = useTranslation('backoffice');
  const [status, setStatus] = useState<AdjustmentStatus>('proposed');
  // Both verdicts ask first: approving moves money, so its dialog shows what and between whom.
  const [dialog, setDialog] = useState<{ adjustment: Adjustment; verdict: 'approve' | 'reject' } | null>(
    null,
  );
  const queryClient = useQueryClient();
  const me = useMe();
  usePageTitle(t('adjustments.title'), undefined, null);
  const list = useQuery(adjustmentsQuery(status));
  const decide = useMutation({
    mutationFn: (input: { id: string; verdict: 'approve' | 'reject'; reason?: string }) =>
      decideAdjustment(input.id, input.verdict, input.reason),
    onSuccess: async (_answer, input) => {
      showInfo(t(input.verdict === 'approve' ? 'adjustments.approved' : 'adjustments.rejected'));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  return (
    <Stack>
      <Title order={1}>{t('adjustments.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('money.four_eyes')}
      </Text>
      {/* A proposal is made on the client's account: say where, so the page is no dead end. */}
      {me.data?.permissions.proposeAdjustment && (
        <Text size="sm">
          {t('adjustments.how_to_propose')}{' '}
          <Anchor component={Link} to="/clients" underline="always">
            {t('adjustments.find_client')}
          </Anchor>
        </Text>
      )}
      <Tabs value={status} onChange={(value) => value && setStatus(value as AdjustmentStatus)}>
        <Tabs.List>
          {adjustmentStatuses.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {t(`adjustments.status.${item}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <Alert color="gray">{t('adjustments.empty')}</Alert>}
      {list.data && list.data.length > 0 && (
        <AdjustmentsTable
          adjustments={list.data}
          status={status}
          onApprove={(adjustment) => setDialog({ adjustment, verdict: 'approve' })}
          onReject={(adjustment) => setDialog({ adjustment, verdict: 'reject' })}
        />
      )}
      {dialog && (
        <ReasonDialog
          title={t(dialog.verdict === 'approve' ? 'adjustments.approve_title' : 'adjustments.reject_title')}
          confirm={t(dialog.verdict === 'approve' ? 'record.approve' : 'record.reject')}
          confirmColor={dialog.verdict === 'approve' ? '#1e6b34' : 'red.9'}
          busy={decide.isPending}
          field={adjustmentDecisionSchema.shape.reason}
          required={dialog.verdict === 'reject'}
          label={t(dialog.verdict === 'approve' ? 'record.reason_optional' : 'record.reason')}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            decide.mutate({ id: dialog.adjustment.id, verdict: dialog.verdict, reason: reason || undefined })
          }
        >
          <MoneySummary lines={adjustmentLines(dialog.adjustment, t)} />
        </ReasonDialog>
      )}
    </Stack>
  );
}
