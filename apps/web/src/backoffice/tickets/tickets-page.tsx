import type { BackofficeTicketSummary, TicketStatus } from '@bluepeak/core/tickets';
import { ticketStatuses } from '@bluepeak/core/tickets';
import { Alert, Anchor, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { backoffice, type Page } from '../api';
import { LoadFailed } from '../components/load-failed';
import { PageNav } from '../components/page-nav';
import { RequirePermission } from '../layout';

const PAGE_SIZE = 20;

// Clients' messages (docs/requirements/tickets.md): the conversations waiting for an answer,
// latest first, with the answered and closed ones a click away.
export default function TicketsPage() {
  return (
    <RequirePermission needs="answerTickets">
      <Tickets />
    </RequirePermission>
  );
}

function Tickets() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const requested = params.get('status');
  const status: TicketStatus = ticketStatuses.find((value) => value === requested) ?? 'open';
  useEffect(() => {
    document.title = t('tickets.title');
  }, [t]);
  const queue = useQuery({
    queryKey: ['backoffice', 'tickets', status, page],
    queryFn: ({ signal }) =>
      backoffice<Page<BackofficeTicketSummary>>(`/tickets?status=${status}&page=${page}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  return (
    <Stack>
      <Title order={1}>{t('tickets.title')}</Title>
      <SegmentedControl
        aria-label={t('tickets.status_label')}
        value={status}
        onChange={(value) => setParams({ status: value })}
        data={ticketStatuses.map((value) => ({ value, label: t(`tickets.statuses.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {queue.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {queue.isError && <LoadFailed onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && queue.data.data.length === 0 && <Alert color="gray">{t('tickets.empty')}</Alert>}
      {queue.isSuccess && queue.data.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="ticket-queue">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tickets.subject')}</Table.Th>
                  <Table.Th>{t('tickets.client')}</Table.Th>
                  <Table.Th>{t('tickets.messages')}</Table.Th>
                  <Table.Th>{t('tickets.last_message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/tickets/${row.id}`}>
                        {row.subject}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/clients/${row.client_id}`}>
                        {row.client_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className="tabular-figures">{row.message_count}</Table.Td>
                    <Table.Td className="tabular-figures">{formatDateTime(row.last_message_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            {t('tickets.total', { count: queue.data.meta.total })}
          </Text>
          <PageNav page={page} total={queue.data.meta.total_pages} />
        </>
      )}
    </Stack>
  );
}
