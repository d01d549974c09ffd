import { Alert, Anchor, Badge, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { LoadFailed } from '../../components/load-failed';
import { PageNav } from '../../components/page-nav';
import { pageParam } from '../../lib/page-param';
import { BATCH_ROWS_PAGE_SIZE, type BatchRow, batchRowsQuery, paymentQuery } from './api';
import { PaymentActions } from './payment-actions';

/** A batch's rows, a page at a time; an open row's payment is held or returned below the table. */
export function BatchRowsTable({ batchId }: { batchId: string }) {
  const { t } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const page = pageParam(params);
  const rows = useQuery(batchRowsQuery(batchId, page));
  const [chosen, setChosen] = useState<BatchRow | null>(null);
  if (rows.isPending) return <Skeleton role="status" h={160} aria-label={t('loading')} />;
  if (rows.isError) return <LoadFailed onRetry={() => void rows.refetch()} />;
  const { data, meta } = rows.data;
  return (
    <Stack>
      <DataTable minWidth={760} striped data-testid="batch-rows" head={<RowHead />}>
        {data.map((row) => (
          <Table.Tr key={row.id} data-row={row.row}>
            <Table.Td className="tabular-figures">{row.row}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
            <Table.Td ta="right">
              {row.amount !== null && row.currency && <Money amount={row.amount} currency={row.currency} />}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray" data-testid="batch-row-status">
                {t(`payments.batches.row_status.${row.status}`, { defaultValue: row.status })}
              </Badge>
              {row.status_reason && (
                <Text size="xs" c="dimmed">
                  {row.status_reason}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {row.payment_id && (
                <Anchor component={Link} to={`/payments/${row.payment_id}`} size="sm" mr="sm">
                  {t('payments.batches.open_payment')}
                </Anchor>
              )}
              {row.payment_id && row.status === 'processing' && (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setChosen(row)}
                  aria-label={t('payments.batches.act_on_row', { row: row.row })}
                >
                  {t('payments.detail.actions')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <PageNav total={Math.ceil(meta.total / BATCH_ROWS_PAGE_SIZE)} page={page} />
      {chosen?.payment_id && <RowPayment row={chosen} paymentId={chosen.payment_id} />}
    </Stack>
  );
}

function RowHead() {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <Table.Th>{t('payments.batches.row')}</Table.Th>
      <Table.Th>{t('payments.columns.payee')}</Table.Th>
      <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
      <Table.Th>{t('payments.columns.status')}</Table.Th>
      <Table.Th>{t('payments.batches.payment')}</Table.Th>
    </>
  );
}

/** One row's payment with the actions its state allows (the payment page's own buttons). */
function RowPayment({ row, paymentId }: { row: BatchRow; paymentId: string }) {
  const { t } = useTranslation('backoffice');
  const payment = useQuery(paymentQuery(paymentId));
  return (
    <Stack gap="xs" data-testid="batch-row-actions">
      <Text fw={600}>{t('payments.batches.row_actions', { row: row.row, name: row.name })}</Text>
      {payment.isPending && <Skeleton h={36} />}
      {payment.isError && <Alert color="gray">{t('payments.detail.not_found')}</Alert>}
      {payment.data && <PaymentActions payment={payment.data} />}
    </Stack>
  );
}
