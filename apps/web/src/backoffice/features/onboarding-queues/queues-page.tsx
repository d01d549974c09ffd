import { Badge, Table, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { pageParam } from '../../lib/page-param';
import { applicationsQuery, clientStatuses, type QueueStatus } from './api';

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
  const page = pageParam(params);
  const queue = useQuery(applicationsQuery(status, page));
  return (
    <PagedListPage
      title={t('queues.title')}
      filters={
        <Tabs value={status} onChange={(value) => value && setParams({ status: value })}>
          <Tabs.List>
            {clientStatuses.map((item) => (
              <Tabs.Tab key={item} value={item}>
                {t(`status.${item}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      }
      list={queue}
      page={page}
      empty={t('queues.empty')}
      minWidth={640}
      head={
        <>
          <Table.Th>{t('queues.name')}</Table.Th>
          <Table.Th>{t('queues.email')}</Table.Th>
          <Table.Th>{t('queues.type')}</Table.Th>
          <Table.Th>{t('queues.submitted')}</Table.Th>
          <Table.Th>{t('queues.signed_up')}</Table.Th>
        </>
      }
      row={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <ClientLink id={row.id}>{row.name || row.email}</ClientLink>
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
      )}
    />
  );
}
