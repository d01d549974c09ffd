import type { DeactivationQueueItem } from '@bluepeak/core/deactivation';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
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

// Account-deactivation requests waiting for review (docs/requirements/deactivation.md), oldest
// first: a decision is due within 24 hours, so each line shows its age, its due time and
// an overdue badge.
export default function DeactivationsPage() {
  return (
    <RequirePermission needs="reviewDeactivations">
      <Deactivations />
    </RequirePermission>
  );
}

function Deactivations() {
  const { t } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  useEffect(() => {
    document.title = t('deactivation.title');
  }, [t]);
  const queue = useQuery({
    queryKey: ['backoffice', 'deactivations', page],
    queryFn: ({ signal }) =>
      backoffice<Page<DeactivationQueueItem>>(`/deactivations?page=${page}&limit=${PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

  return (
    <Stack>
      <Title order={1}>{t('deactivation.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('deactivation.intro')}
      </Text>
      {queue.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {queue.isError && <LoadFailed onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && queue.data.data.length === 0 && (
        <Alert color="gray">{t('deactivation.empty')}</Alert>
      )}
      {queue.isSuccess && queue.data.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover data-testid="deactivation-queue">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deactivation.client')}</Table.Th>
                  <Table.Th>{t('deactivation.reason')}</Table.Th>
                  <Table.Th>{t('deactivation.requested')}</Table.Th>
                  <Table.Th>{t('deactivation.age')}</Table.Th>
                  <Table.Th>{t('deactivation.due')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/clients/${row.client_id}`}>
                        {row.client_name || row.client_email}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {row.client_email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {t(`deactivation.reasons.${row.reason}`)}
                      {row.payout_note && (
                        <Badge
                          color="orange"
                          ml="xs"
                          title={row.payout_note}
                          data-testid="deactivation-payout-returned"
                        >
                          {t('deactivation.payout_returned_badge')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td className="tabular-figures">{formatDateTime(row.requested_at)}</Table.Td>
                    <Table.Td className="tabular-figures">
                      {t('deactivation.hours', { count: row.age_hours })}
                    </Table.Td>
                    <Table.Td className="tabular-figures" data-testid="deactivation-due">
                      <Group gap="xs" wrap="nowrap">
                        {formatDateTime(row.due_at)}
                        {row.overdue && (
                          <Badge color="red.9" data-testid="deactivation-overdue">
                            {t('deactivation.overdue')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
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
