import { escrowDeskViews } from '@bluepeak/core/escrow';
import { Alert, Anchor, Badge, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/money';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { type DeskView, escrowDeskQuery } from './api';

// The escrow desk (docs/requirements/escrow.md): the verification queue, the payouts waiting for
// a second operator, and every deal by status.
export default function EscrowDeskPage() {
  return (
    <RequirePermission needs="manageEscrow">
      <EscrowDesk />
    </RequirePermission>
  );
}

function EscrowDesk() {
  const { t } = useTranslation('backoffice');
  usePageTitle(t('escrow.title'), undefined, null);
  const [view, setView] = useState<DeskView>('verification');
  const list = useQuery(escrowDeskQuery(view));
  return (
    <Stack>
      <Title order={1}>{t('escrow.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('escrow.intro')}
      </Text>
      <Select
        label={t('escrow.view')}
        maw={320}
        allowDeselect={false}
        value={view}
        onChange={(value) => value && setView(value as DeskView)}
        data={escrowDeskViews.map((item) => ({ value: item, label: t(`escrow.views.${item}`) }))}
      />
      {list.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <Alert color="gray">{t('escrow.empty')}</Alert>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="escrow-desk">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('escrow.deal')}</Table.Th>
                <Table.Th>{t('escrow.parties')}</Table.Th>
                <Table.Th>{t('escrow.amount')}</Table.Th>
                <Table.Th>{t('escrow.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((deal) => (
                <Table.Tr key={deal.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/escrow/${deal.id}`}>
                      {deal.reference}
                    </Anchor>
                    <Text size="xs">{deal.title}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {deal.buyer_name} → {deal.seller_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Money amount={deal.amount} currency={deal.currency} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{deal.status}</Badge>{' '}
                    <Text span size="xs">
                      {t('escrow.met', { met: deal.conditions_met, total: deal.conditions_total })}
                      {deal.open_proposal ? ` · ${t(`escrow.proposal.${deal.open_proposal}`)}` : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
