import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePageTitle } from '../../components/use-page-title';
import { formatDateTime } from '../../lib/format-date';
import { ticketListQuery } from './api';

// /dashboard/tickets (docs/requirements/tickets.md, "Messages"): the client's conversations with support,
// the latest first; a conversation with an answer not yet read says so in words.
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tickets = useQuery({ ...ticketListQuery(page), placeholderData: keepPreviousData });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('title')}</Title>
        <Button component={Link} to="/dashboard/tickets/new">
          {t('new')}
        </Button>
      </Group>
      <Text c="dimmed">{t('intro')}</Text>
      {tickets.isPending && (
        <Skeleton role="status" height={160} aria-busy="true" aria-label={t('loading')} />
      )}
      {tickets.isError && (
        <LoadFailedAlert
          title={t('load_failed')}
          retryLabel={t('retry')}
          onRetry={() => void tickets.refetch()}
        />
      )}
      {tickets.data?.data.length === 0 && <Alert color="gray">{t('empty')}</Alert>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {tickets.data?.data.map((ticket) => (
          <Card key={ticket.id} component="li" withBorder padding="md" data-testid="ticket-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Anchor component={Link} to={`/dashboard/tickets/${ticket.id}`} fw={700}>
                  {ticket.subject}
                </Anchor>
                <Text size="xs" c="dimmed" className="tabular-figures">
                  {t('last_message', { when: formatDateTime(ticket.last_message_at) })}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {ticket.unread && (
                  <Badge color="red" variant="filled">
                    {t('new_answer')}
                  </Badge>
                )}
                <Badge variant="light">{t(`statuses.${ticket.status}`)}</Badge>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      {(tickets.data?.meta.total_pages ?? 0) > 1 && (
        <Pagination
          total={tickets.data?.meta.total_pages ?? 1}
          value={page}
          onChange={(next) => setParams({ page: String(next) })}
        />
      )}
    </Stack>
  );
}
