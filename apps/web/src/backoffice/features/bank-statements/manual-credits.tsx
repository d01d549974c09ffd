import { bankCreditDecisionSchema } from '@bluepeak/core/backoffice';
import { Alert, Button, Group, Skeleton, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { LoadFailed } from '../../components/load-failed';
import { MoneySummary } from '../../components/money-summary';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys, useMe } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { type ManualCredit, manualCreditAction, manualCreditsQuery } from './api';
import { manualCreditLines } from './approval-lines';

// Credits typed by hand past the limit for one operator alone (docs/incoming-money.md): they
// move money only when an operator other than their maker approves them (the maker sees no approve button, and the API says 403).
// Both verdicts ask first; approving shows what moves, from whom to whom.
export function ManualCredits() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ credit: ManualCredit; action: 'approve' | 'reject' } | null>(null);
  const list = useQuery(manualCreditsQuery);
  const decide = useMutation({
    mutationFn: (input: { id: string; action: 'approve' | 'reject'; reason?: string }) =>
      manualCreditAction(input.id, input.action, input.reason ? { reason: input.reason } : {}),
    onSuccess: async (_answer, input) => {
      showInfo(t(`bank.manual_done.${input.action}`));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  if (list.isPending) return <Skeleton role="status" h={120} aria-label={t('loading')} />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <Alert color="gray">{t('bank.manual_empty')}</Alert>;
  return (
    <>
      <DataTable
        minWidth={800}
        striped
        data-testid="manual-credits"
        head={
          <>
            <Table.Th>{t('adjustments.client')}</Table.Th>
            <Table.Th ta="right">{t('adjustments.amount')}</Table.Th>
            <Table.Th>{t('bank.payer')}</Table.Th>
            <Table.Th>{t('money.bank_reference')}</Table.Th>
            <Table.Th>{t('adjustments.proposed_by')}</Table.Th>
            <Table.Th>{t('money.actions')}</Table.Th>
          </>
        }
      >
        {list.data.map((credit) => (
          <Table.Tr key={credit.id}>
            <Table.Td>
              <ClientLink id={credit.client_id}>{credit.client_email}</ClientLink>
            </Table.Td>
            <Table.Td ta="right">
              <Money amount={credit.amount} currency={credit.currency} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{credit.payer_name}</Table.Td>
            <Table.Td>{credit.bank_reference}</Table.Td>
            <Table.Td>
              {credit.proposed_by} · {formatDateTime(credit.proposed_at)}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {credit.proposed_by !== me.data?.email && (
                  <Button size="xs" color="#1e6b34" onClick={() => setDialog({ credit, action: 'approve' })}>
                    {t('record.approve')}
                  </Button>
                )}
                <Button
                  size="xs"
                  color="red.9"
                  variant="outline"
                  onClick={() => setDialog({ credit, action: 'reject' })}
                >
                  {t('record.reject')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {dialog && (
        <ReasonDialog
          title={t(dialog.action === 'approve' ? 'bank.manual_approve_title' : 'bank.manual_reject_title')}
          confirm={t(dialog.action === 'approve' ? 'record.approve' : 'record.reject')}
          confirmColor={dialog.action === 'approve' ? '#1e6b34' : undefined}
          busy={decide.isPending}
          field={bankCreditDecisionSchema.shape.reason}
          required={dialog.action === 'reject'}
          label={t(dialog.action === 'approve' ? 'record.reason_optional' : 'record.reason')}
          onClose={() => setDialog(null)}
          onSubmit={(reason) => decide.mutate({ id: dialog.credit.id, action: dialog.action, reason })}
        >
          <MoneySummary lines={manualCreditLines(dialog.credit, t)} />
        </ReasonDialog>
      )}
    </>
  );
}
