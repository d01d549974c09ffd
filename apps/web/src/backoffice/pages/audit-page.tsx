import { Alert, Button, Code, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { type AuditLogEntry, backoffice, type Page } from '../api';
import { LoadFailed } from '../components/load-failed';
import { PageNav } from '../components/page-nav';
import { RequirePermission } from '../layout';

const FILTERS = ['client', 'operator', 'action'] as const;

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
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  );
  const page = Math.max(1, Number(params.get('page')) || 1);
  useEffect(() => {
    document.title = t('audit.title');
  }, [t]);
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  query.set('page', String(page));
  const log = useQuery({
    queryKey: ['backoffice', 'audit', query.toString()],
    queryFn: ({ signal }) => backoffice<Page<AuditLogEntry>>(`/audit?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name].trim());
    setParams(next);
  };

  return (
    <Stack>
      <Title order={1}>{t('audit.title')}</Title>
      <search aria-label={t('audit.search')}>
        <form onSubmit={search}>
          <Group align="flex-end">
            {FILTERS.map((name) => (
              <TextInput
                key={name}
                label={t(`audit.${name}`)}
                placeholder={t(`audit.${name}_placeholder`)}
                value={draft[name] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({ ...current, [name]: value }));
                }}
              />
            ))}
            <Button type="submit">{t('audit.search')}</Button>
          </Group>
        </form>
      </search>
      {log.isPending && <Skeleton role="status" h={200} aria-label={t('loading')} />}
      {log.isError && <LoadFailed onRetry={() => void log.refetch()} />}
      {log.isSuccess && log.data.data.length === 0 && <Alert color="gray">{t('audit.empty')}</Alert>}
      {log.isSuccess && log.data.data.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('audit.total', { count: log.data.meta.total })}
          </Text>
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.when')}</Table.Th>
                  <Table.Th>{t('audit.who')}</Table.Th>
                  <Table.Th>{t('audit.action')}</Table.Th>
                  <Table.Th>{t('audit.object')}</Table.Th>
                  <Table.Th>{t('audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.occurred_at)}
                    </Table.Td>
                    <Table.Td>
                      {entry.actor_type}
                      {entry.actor_label || entry.actor_id ? `: ${entry.actor_label ?? entry.actor_id}` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {entry.object_type
                        ? `${entry.object_type}: ${entry.object_label ?? entry.object_id ?? ''}`
                        : '–'}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                      {Object.keys(entry.details).length > 0 ? (
                        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {JSON.stringify(entry.details)}
                        </Text>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageNav total={log.data.meta.total_pages} page={page} />
        </>
      )}
    </Stack>
  );
}
