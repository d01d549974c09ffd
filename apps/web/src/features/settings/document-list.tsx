import type { ClientDocument } from '@bluepeak/core/onboarding';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge';
import { codeName } from '../../lib/code-names';

/** Documents with the operator's verdict; a refused one says why. Downloads come as attachments. */
export function DocumentList({ documents }: { documents: ClientDocument[] }) {
  const { t } = useTranslation('settings');
  if (documents.length === 0) return <Text>{t('company.documents.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t('company.documents.title')}>
        <Table.Tbody>
          {documents.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                <Anchor href={`/api/client/documents/${document.id}`} download={document.file_name}>
                  {document.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {codeName(document.kind)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={document.review_status}>
                  {t(`company.documents.${document.review_status}`)}
                </StatusBadge>
                {document.review_reason && <Text size="sm">{document.review_reason}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
