import { Badge, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { pageParam } from '../../lib/page-param';
import { deactivationQueueQuery } from './api';

// Account-deactivation requests waiting for review (docs/requirements/back-office.md), oldest first: we promise
// a decision within 24 hours, so each line shows its age, its due time and an overdue badge.
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
  const page = pageParam(params);
  const queue = useQuery(deactivationQueueQuery(page));
  return (
    <PagedListPage
      title={t('deactivation.title')}
      intro={t('deactivation.intro')}
      list={queue}
      page={page}
      empty={t('deactivation.empty')}
      minWidth={720}
      testId="deactivation-queue"
      head={
        <>
          <Table.Th>{t('deactivation.client')}</Table.Th>
          <Table.Th>{t('deactivation.reason')}</Table.Th>
          <Table.Th>{t('deactivation.requested')}</Table.Th>
          <Table.Th>{t('deactivation.age')}</Table.Th>
          <Table.Th>{t('deactivation.due')}</Table.Th>
        </>
      }
      row={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <ClientLink id={row.client_id}>{row.client_name || row.client_email}</ClientLink>
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
          <Table.Td className="tabular-figures">{t('deactivation.hours', { count: row.age_hours })}</Table.Td>
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
      )}
    />
  );
}
