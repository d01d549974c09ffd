import { adjustmentDecisionSchema } from '@bluepeak/core/backoffice';
import { Alert, Anchor, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadFailed } from '../../components/load-failed';
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
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const queryClient = useQueryClient();
  const me = useMe();
  usePageTitle(t('adjustments.title'), undefined, null);
  const list = useQuery(adjustmentsQuery(status));
  const decide = useMutation({
    mutationFn: (input: { id: string; verdict: 'approve' | 'reject'; reason?: string }) =>
      decideAdjustment(input.id, input.verdict, input.reason),
    onSuccess: async (_answer, input) => {
      showInfo(t(input.verdict === 'approve' ? 'adjustments.approved' : 'adjustments.rejected'));
      setRejecting(null);
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
          approving={decide.isPending && decide.variables.verdict === 'approve' ? decide.variables.id : null}
          onApprove={(adjustment) => decide.mutate({ id: adjustment.id, verdict: 'approve' })}
          onReject={setRejecting}
        />
      )}
      {rejecting && (
        <ReasonDialog
          title={t('adjustments.reject_title')}
          confirm={t('record.reject')}
          confirmColor="red.9"
          busy={decide.isPending}
          field={adjustmentDecisionSchema.shape.reason}
          required
          label={t('record.reason')}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) => decide.mutate({ id: rejecting.id, verdict: 'reject', reason })}
        />
      )}
    </Stack>
  );
}
