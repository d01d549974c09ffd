import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ClientLink } from '../../components/client-link';
import { Section } from '../../components/section';
import type { ClientDetail } from './api';

// The other clients this client linked itself to (docs/requirements/settings.md, "Related
// clients"), each opening its own record.
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
                <ClientLink id={link.client_id}>{link.name}</ClientLink>
              </Table.Td>
              <Table.Td>{t(`record.relationships.${link.relationship}`)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
