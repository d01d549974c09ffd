import type { TicketStatus } from '@bluepeak/core/tickets';
import { ticketStatuses } from '@bluepeak/core/tickets';
import { Anchor, SegmentedControl, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { pageParam } from '../../lib/page-param';
import { ticketsQuery } from './api';

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
  const page = pageParam(params);
  const requested = params.get('status');
  const status: TicketStatus = ticketStatuses.find((value) => value === requested) ?? 'open';
  const queue = useQuery(ticketsQuery(status, page));
  return (
    <PagedListPage
      title={t('tickets.title')}
      filters={
        <SegmentedControl
          aria-label={t('tickets.status_label')}
          value={status}
          onChange={(value) => setParams({ status: value })}
          data={ticketStatuses.map((value) => ({ value, label: t(`tickets.statuses.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      }
      list={queue}
      page={page}
      empty={t('tickets.empty')}
      minWidth={640}
      testId="ticket-queue"
      head={
        <>
          <Table.Th>{t('tickets.subject')}</Table.Th>
          <Table.Th>{t('tickets.client')}</Table.Th>
          <Table.Th>{t('tickets.messages')}</Table.Th>
          <Table.Th>{t('tickets.last_message')}</Table.Th>
        </>
      }
      row={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Anchor component={Link} to={`/tickets/${row.id}`}>
              {row.subject}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <ClientLink id={row.client_id}>{row.client_name}</ClientLink>
            <Text size="xs" c="dimmed" data-testid="ticket-client-email">
              {row.client_email}
            </Text>
          </Table.Td>
          <Table.Td className="tabular-figures">{row.message_count}</Table.Td>
          <Table.Td className="tabular-figures">{formatDateTime(row.last_message_at)}</Table.Td>
        </Table.Tr>
      )}
      below={(found) => (
        <Text size="sm" c="dimmed">
          {t('tickets.total', { count: found.meta.total })}
        </Text>
      )}
    />
  );
}
