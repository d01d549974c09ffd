import { Alert, Anchor, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format-date';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { Section } from '../../components/section';
import { filesQuery, paymentFileXmlUrl } from './api';
import { RailChannels } from './rail-channels';
import { StatusReportImport } from './status-report-import';

// ISO 20022 files (docs/requirements/payments.md): each rail's channel, pain.001 files written for the partner bank
// (to download), and the bank's pain.002 status reports imported back.
export default function PaymentFilesPage() {
  return (
    <RequirePermission needs="managePayments">
      <PaymentFiles />
    </RequirePermission>
  );
}

function PaymentFiles() {
  const { t } = useTranslation('backoffice');
  usePageTitle(t('payments.files.title'), undefined, null);
  return (
    <Stack>
      <Title order={1}>{t('payments.files.title')}</Title>
      <Section title={t('payments.files.channels')}>
        <RailChannels />
      </Section>
      <Section title={t('payments.files.import_title')}>
        <StatusReportImport />
      </Section>
      <Section title={t('payments.files.list')}>
        <FileList />
      </Section>
    </Stack>
  );
}

function FileList() {
  const { t } = useTranslation('backoffice');
  const files = useQuery(filesQuery);
  if (files.isPending) return <Skeleton role="status" h={120} aria-label={t('loading')} />;
  if (files.isError) return <LoadFailed onRetry={() => void files.refetch()} />;
  if (files.data.length === 0) return <Alert color="gray">{t('payments.files.empty')}</Alert>;
  return (
    <DataTable
      minWidth={720}
      striped
      data-testid="payment-files"
      head={
        <>
          <Table.Th>{t('payments.files.created_at')}</Table.Th>
          <Table.Th>{t('payments.files.kind')}</Table.Th>
          <Table.Th>{t('payments.files.rail')}</Table.Th>
          <Table.Th>{t('payments.files.message_id')}</Table.Th>
          <Table.Th ta="right">{t('payments.files.payments')}</Table.Th>
          <Table.Th ta="right">{t('payments.files.totals')}</Table.Th>
          <Table.Th>{t('payments.files.download')}</Table.Th>
        </>
      }
    >
      {files.data.map((file) => (
        <Table.Tr key={file.id}>
          <Table.Td className="tabular-figures">{formatDateTime(file.created_at)}</Table.Td>
          <Table.Td>{file.kind}</Table.Td>
          <Table.Td>{t(`payments.rails.${file.rail}`)}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.message_id}</Table.Td>
          <Table.Td ta="right" className="tabular-figures">
            {file.payment_count}
          </Table.Td>
          <Table.Td ta="right">
            {Object.entries(file.currency_totals).map(([currency, amount]) => (
              <Text key={currency} size="sm">
                <Money amount={amount} currency={currency} />
              </Text>
            ))}
          </Table.Td>
          <Table.Td>
            <Anchor
              href={paymentFileXmlUrl(file.id)}
              download
              aria-label={t('payments.files.download_label', { message_id: file.message_id })}
            >
              {t('payments.files.download')}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
