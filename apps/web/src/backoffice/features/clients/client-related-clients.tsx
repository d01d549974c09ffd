import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ClientLink } from '../../components/client-link';
import { Section } from '../../components/section';
import type { ClientDetail } from './api';

// The other clients this client named (docs/requirements/settings.md, "Related clients"): what it
// declared, and the client of ours that matched, opening its record, or that none did.
export function ClientRelatedClients({ links }: { links: ClientDetail['related_clients'] }) {
  const { t } = useTranslation('backoffice');
  return (
    <Section title={t('record.related_clients')}>
      {links.length === 0 ? (
        <Text c="dimmed">{t('record.none')}</Text>
      ) : (
        <DataTable
          minWidth={400}
          head={
            <>
              <Table.Th>{t('record.related_client')}</Table.Th>
              <Table.Th>{t('record.relationship')}</Table.Th>
            </>
          }
        >
          {links.map((link) => (
            <Table.Tr key={link.id}>
              <Table.Td>
                {link.client_id ? (
                  <ClientLink id={link.client_id}>{link.name}</ClientLink>
                ) : (
                  <Text c="dimmed">{t('record.related_client_unmatched')}</Text>
                )}
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {link.declared}
                </Text>
              </Table.Td>
              <Table.Td>{t(`record.relationships.${link.relationship}`)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
