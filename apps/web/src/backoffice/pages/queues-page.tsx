import { Alert, Anchor, Badge, Skeleton, Stack, Table, Tabs, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { type ApplicationRow, backoffice, clientStatuses, type Page, type QueueStatus } from '../api';
import { LoadFailed } from '../components/load-failed';
import { PageNav } from '../components/page-nav';
import { RequirePermission } from '../layout';

const PAGE_SIZE = 20;

// Review queues (docs/requirements/back-office.md): clients by status, oldest submission first.
export default function QueuesPage() {
  return (
    <RequirePermission needs="viewClients">
      <Queues />
    </RequirePermission>
  );
}

function Queues() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const status = (clientStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as QueueStatus)
    : 'ON_APPROVAL';
  const page = Math.max(1, Number(params.get('page')) || 1);
  useEffect(() => {
    document.title = t('queues.title');
  }, [t]);
  const queue = useQuery({
    queryKey: ['backoffice', 'applications', status, page],
    queryFn: ({ signal }) =>
      backoffice<Page<ApplicationRow>>(`/applications?status=${status}&page=${page}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack>
      <Title order={1}>{t('queues.title')}</Title>
      <Tabs value={status} onChange={(value) => value && setParams({ status: value })}>
        <Tabs.List>
          {clientStatuses.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {t(`status.${item}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {queue.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {queue.isError && <LoadFailed onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && queue.data.data.length === 0 && <Alert color="gray">{t('queues.empty')}</Alert>}
      {queue.isSuccess && queue.data.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('queues.name')}</Table.Th>
                  <Table.Th>{t('queues.email')}</Table.Th>
                  <Table.Th>{t('queues.type')}</Table.Th>
                  <Table.Th>{t('queues.submitted')}</Table.Th>
                  <Table.Th>{t('queues.signed_up')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/clients/${row.id}`}>
                        {row.name || row.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline">{t(`client_type.${row.type}`)}</Badge>
                    </Table.Td>
                    <Table.Td className="tabular-figures">
                      {row.application_submitted_at ? formatDateTime(row.application_submitted_at) : '–'}
                    </Table.Td>
                    <Table.Td className="tabular-figures">{formatDateTime(row.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageNav total={queue.data.meta.total_pages} page={page} />
        </>
      )}
    </Stack>
  );
}
