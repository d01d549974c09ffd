import { Badge, Button, Group, Stack, Table, Tabs, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { pageParam } from '../../lib/page-param';
import { applicationsQuery, clientStatuses, type QueueStatus, SEARCH_MIN_LENGTH } from './api';

// Review queues (docs/requirements/back-office.md): clients by status, newest first;
// and a search over every client by name, e-mail, phone or registration number.
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
  const search = (params.get('q') ?? '').trim();
  const searching = search.length >= SEARCH_MIN_LENGTH;
  const page = pageParam(params);
  const queue = useQuery(applicationsQuery(status, page, searching ? search : ''));
  return (
    <PagedListPage
      title={t('queues.title')}
      filters={
        <Stack gap="sm">
          <ClientSearch initial={search} onSearch={(q) => setParams(q ? { q } : { status })} />
          {!searching && (
            <Tabs value={status} onChange={(value) => value && setParams({ status: value })}>
              <Tabs.List>
                {clientStatuses.map((item) => (
                  <Tabs.Tab key={item} value={item}>
                    {t(`status.${item}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          )}
        </Stack>
      }
      list={queue}
      page={page}
      empty={searching ? t('queues.search_empty', { search }) : t('queues.empty')}
      minWidth={640}
      head={
        <>
          <Table.Th>{t('queues.name')}</Table.Th>
          <Table.Th>{t('queues.email')}</Table.Th>
          <Table.Th>{searching ? t('queues.status') : t('queues.type')}</Table.Th>
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
            <Group gap={4}>
              <Badge variant="outline">{t(`client_type.${row.type}`)}</Badge>
              {searching && <Badge variant="light">{t(`status.${row.status}` as 'status.NEW')}</Badge>}
            </Group>
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

function ClientSearch({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('backoffice');
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim().length >= SEARCH_MIN_LENGTH ? value.trim() : '');
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('queues.search_label')}
          description={t('queues.search_hint')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" variant="default">
          {t('queues.search')}
        </Button>
      </Group>
    </form>
  );
}
