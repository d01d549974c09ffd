import { Alert, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format-date';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { Section } from '../../components/section';
import { useMe } from '../../lib/api';
import { importsQuery } from './api';
import { CreditsQueue } from './credits-queue';
import { ManualCredits } from './manual-credits';
import { StatementUpload } from './statement-upload';

// Incoming money from the safeguarding bank: upload its camt.053 statement, see what each
// import did, work the unmatched queue, and approve credits typed by hand past the limit for
// one operator.
export default function BankStatementsPage() {
  return (
    <RequirePermission needs="approveIncomingCredit">
      <BankStatements />
    </RequirePermission>
  );
}

function BankStatements() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const canImport = me.data?.permissions.importBankStatements ?? false;
  usePageTitle(t('bank.title'), undefined, null);
  return (
    <Stack>
      <Title order={1}>{t('bank.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('bank.intro')}
      </Text>
      {canImport && (
        <Section title={t('bank.upload_title')}>
          <StatementUpload />
        </Section>
      )}
      <Section title={t('bank.queue_title')}>
        <CreditsQueue />
      </Section>
      <Section title={t('bank.manual_title')}>
        <Text c="dimmed" size="sm" mb="sm">
          {t('bank.manual_intro')}
        </Text>
        <ManualCredits />
      </Section>
      {canImport && (
        <Section title={t('bank.imports_title')}>
          <Imports />
        </Section>
      )}
    </Stack>
  );
}

function Imports() {
  const { t } = useTranslation('backoffice');
  const imports = useQuery(importsQuery);
  if (imports.isPending) return <Skeleton role="status" h={120} aria-label={t('loading')} />;
  if (imports.isError) return <LoadFailed onRetry={() => void imports.refetch()} />;
  if (imports.data.length === 0) return <Alert color="gray">{t('bank.imports_empty')}</Alert>;
  return (
    <DataTable
      minWidth={700}
      striped
      data-testid="statement-imports"
      head={
        <>
          <Table.Th>{t('bank.file')}</Table.Th>
          <Table.Th>{t('bank.imported_by')}</Table.Th>
          <Table.Th>{t('bank.counts')}</Table.Th>
          <Table.Th>{t('bank.closing')}</Table.Th>
        </>
      }
    >
      {imports.data.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            {row.file_name}
            <Text size="xs" c="dimmed">
              {row.message_id}
            </Text>
          </Table.Td>
          <Table.Td>
            {row.imported_by} · {formatDateTime(row.imported_at)}
          </Table.Td>
          <Table.Td>
            {t('bank.result', {
              booked: row.credits_booked,
              unmatched: row.credits_unmatched,
              duplicates: row.credits_duplicate,
              skipped: row.entries_skipped,
            })}
          </Table.Td>
          <Table.Td>
            {row.balances.map((balance) => (
              <div key={`${balance.date}-${balance.currency}`}>
                {balance.date}: <Money amount={balance.closing_booked} currency={balance.currency} />
              </div>
            ))}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
