import { Badge, Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { useMe } from '../../lib/api';
import type { Adjustment, AdjustmentStatus } from './api';

/** The adjustments in one status; a proposal offers approve (not to its maker) and reject, each asked first. */
export function AdjustmentsTable({
  adjustments,
  status,
  onApprove,
  onReject,
}: {
  adjustments: Adjustment[];
  status: AdjustmentStatus;
  onApprove: (adjustment: Adjustment) => void;
  onReject: (adjustment: Adjustment) => void;
}) {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  return (
    <DataTable
      minWidth={800}
      striped
      head={
        <>
          <Table.Th>{t('adjustments.client')}</Table.Th>
          <Table.Th ta="right">{t('adjustments.amount')}</Table.Th>
          <Table.Th>{t('record.reason')}</Table.Th>
          <Table.Th>{t('adjustments.proposed_by')}</Table.Th>
          <Table.Th>{status === 'proposed' ? t('money.actions') : t('adjustments.decided_by')}</Table.Th>
        </>
      }
    >
      {adjustments.map((adjustment) => (
        <Table.Tr key={adjustment.id}>
          <Table.Td>
            <ClientLink id={adjustment.client_id}>{adjustment.client_email}</ClientLink>
          </Table.Td>
          <Table.Td ta="right">
            <Badge size="xs" mr={4} color={adjustment.direction === 'credit' ? '#1e6b34' : 'red.9'}>
              {t(`money.${adjustment.direction}`)}
            </Badge>
            <Money amount={adjustment.amount} currency={adjustment.currency} />
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{adjustment.reason}</Table.Td>
          <Table.Td>
            {adjustment.proposed_by} · {formatDateTime(adjustment.proposed_at)}
          </Table.Td>
          <Table.Td>
            {adjustment.status === 'proposed' ? (
              <Group gap="xs" wrap="nowrap">
                {adjustment.proposed_by !== me.data?.email && (
                  <Button size="xs" color="#1e6b34" onClick={() => onApprove(adjustment)}>
                    {t('record.approve')}
                  </Button>
                )}
                <Button size="xs" color="red.9" variant="outline" onClick={() => onReject(adjustment)}>
                  {t('record.reject')}
                </Button>
              </Group>
            ) : (
              `${adjustment.decided_by ?? ''} · ${adjustment.decided_at ? formatDateTime(adjustment.decided_at) : ''}${
                adjustment.decision_reason ? ` · ${adjustment.decision_reason}` : ''
              }`
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
