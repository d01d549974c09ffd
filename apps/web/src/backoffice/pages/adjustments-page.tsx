import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import { formatDateTime } from '../../lib/format-date';
import { type Adjustment, backoffice, useMe } from '../api';
import { LoadFailed } from '../components/load-failed';
import { RequirePermission } from '../layout';
import { showInfo } from '../notify';

const STATUSES = ['proposed', 'approved', 'rejected'] as const;

// Manual adjustments under four eyes (docs/requirements/back-office.md): a proposal waits here
// until an operator other than its maker approves it (the ledger transfer is made then) or rejects
// it with a reason.
export default function AdjustmentsPage() {
  return (
    <RequirePermission needs="approveAdjustment">
      <Adjustments />
    </RequirePermission>
  );
}

function Adjustments() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('proposed');
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = t('adjustments.title');
  }, [t]);
  const list = useQuery({
    queryKey: ['backoffice', 'adjustments', status],
    queryFn: ({ signal }) => backoffice<{ data: Adjustment[] }>(`/adjustments?status=${status}`, { signal }),
    select: (answer) => answer.data,
  });
  const approve = useMutation({
    mutationFn: (id: string) => backoffice(`/adjustments/${id}/approve`, { method: 'POST', body: {} }),
    onSuccess: async () => {
      showInfo(t('adjustments.approved'));
      await queryClient.invalidateQueries({ queryKey: ['backoffice'] });
    },
  });
  return (
    <Stack>
      <Title order={1}>{t('adjustments.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('money.four_eyes')}
      </Text>
      <Tabs value={status} onChange={(value) => value && setStatus(value as (typeof STATUSES)[number])}>
        <Tabs.List>
          {STATUSES.map((item) => (
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
        <Table.ScrollContainer minWidth={800}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adjustments.client')}</Table.Th>
                <Table.Th ta="right">{t('adjustments.amount')}</Table.Th>
                <Table.Th>{t('record.reason')}</Table.Th>
                <Table.Th>{t('adjustments.proposed_by')}</Table.Th>
                <Table.Th>
                  {status === 'proposed' ? t('money.actions') : t('adjustments.decided_by')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((adjustment) => (
                <Table.Tr key={adjustment.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/clients/${adjustment.client_id}`}>
                      {adjustment.client_email}
                    </Anchor>
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
                          <Button
                            size="xs"
                            color="#1e6b34"
                            loading={approve.isPending && approve.variables === adjustment.id}
                            onClick={() => approve.mutate(adjustment.id)}
                          >
                            {t('record.approve')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          color="red.9"
                          variant="outline"
                          onClick={() => setRejecting(adjustment)}
                        >
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RejectDialog adjustment={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

function RejectDialog({ adjustment, onClose }: { adjustment: Adjustment | null; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: (id: string) =>
      backoffice(`/adjustments/${id}/reject`, { method: 'POST', body: { reason: reason.trim() } }),
    onSuccess: async () => {
      showInfo(t('adjustments.rejected'));
      setReason('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['backoffice'] });
    },
  });
  return (
    <Modal opened={adjustment !== null} onClose={onClose} title={t('adjustments.reject_title')}>
      <Stack>
        <Textarea
          label={t('record.reason')}
          required
          minRows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color="red.9"
            disabled={reason.trim().length < 3}
            loading={reject.isPending}
            onClick={() => adjustment && reject.mutate(adjustment.id)}
          >
            {t('record.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
