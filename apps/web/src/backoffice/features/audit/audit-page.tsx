import { Code, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { pageParam } from '../../lib/page-param';
import { auditLogQuery } from './api';
import { AuditEntryDetails, auditActorText, auditObjectText } from './audit-entry-details';
import { AuditSearch, FILTERS } from './audit-search';

// The audit log (docs/requirements/back-office.md): who did what to whom, when and why; searchable by client,
// operator (id or e-mail) and action (a prefix such as `operator.application`).
export default function AuditPage() {
  return (
    <RequirePermission needs="viewAudit">
      <AuditLog />
    </RequirePermission>
  );
}

function AuditLog() {
  const { t } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const page = pageParam(params);
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  query.set('page', String(page));
  const log = useQuery(auditLogQuery(query));
  const words = (key: string, options: { defaultValue: string }) => t(key as 'audit.yes', options);
  return (
    <PagedListPage
      title={t('audit.title')}
      filters={<AuditSearch />}
      list={log}
      page={page}
      empty={t('audit.empty')}
      minWidth={800}
      testId="audit-table"
      highlightOnHover={false}
      loadingHeight={200}
      above={(found) => (
        <Text size="sm" c="dimmed">
          {t('audit.total', { count: found.meta.total })}
        </Text>
      )}
      head={
        <>
          <Table.Th>{t('audit.when')}</Table.Th>
          <Table.Th>{t('audit.who')}</Table.Th>
          <Table.Th>{t('audit.action')}</Table.Th>
          <Table.Th>{t('audit.object')}</Table.Th>
          <Table.Th>{t('audit.details')}</Table.Th>
        </>
      }
      row={(entry) => (
        <Table.Tr key={entry.id}>
          <Table.Td className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(entry.occurred_at)}
          </Table.Td>
          <Table.Td>{auditActorText(entry, words)}</Table.Td>
          <Table.Td>
            <Code>{entry.action}</Code>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{auditObjectText(entry, words)}</Table.Td>
          <Table.Td style={{ maxWidth: 360 }}>
            <AuditEntryDetails entry={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
