import { Anchor, Badge, Button, Group, Image, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { codeName } from '../../../lib/code-names';
import { formatDateTime } from '../../../lib/format-date';
import { type ClientDocument, documentUrl } from './api';
import { DocumentActions } from './document-actions';

/** Drawn by an <img>; a PDF is never shown in the page, only downloaded (decision 0044). */
const VIEWABLE_MIMES = new Set(['image/png', 'image/jpeg']);
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// A client's documents: an image viewed in the page, every file downloaded. A PDF from a client
// could carry script or actions a viewer would run; opened from the downloads it runs in the
// operator's PDF reader under its own settings, never in the back office's page.
export function ClientDocuments({
  clientId,
  documents,
  canView,
  canDecide,
}: {
  clientId: string;
  documents: ClientDocument[];
  canView: boolean;
  canDecide: boolean;
}) {
  const { t } = useTranslation('backoffice');
  const [viewing, setViewing] = useState<ClientDocument | null>(null);
  if (documents.length === 0) return <Text c="dimmed">{t('record.no_documents')}</Text>;
  return (
    <>
      <DataTable
        minWidth={720}
        head={
          <>
            <Table.Th>{t('record.document')}</Table.Th>
            <Table.Th>{t('record.kind')}</Table.Th>
            <Table.Th>{t('record.size')}</Table.Th>
            <Table.Th>{t('record.uploaded')}</Table.Th>
            <Table.Th>{t('record.review')}</Table.Th>
            {canView && <Table.Th>{t('record.document_actions')}</Table.Th>}
          </>
        }
      >
        {documents.map((document) => (
          <Table.Tr key={document.id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{document.file_name}</Table.Td>
            <Table.Td>
              <Badge variant="outline">{codeName(document.kind)}</Badge>
            </Table.Td>
            <Table.Td className="tabular-figures">{formatSize(document.size)}</Table.Td>
            <Table.Td className="tabular-figures">{formatDateTime(document.created_at)}</Table.Td>
            <Table.Td>
              {document.review_status === 'pending' && canDecide ? (
                <DocumentActions clientId={clientId} documentId={document.id} />
              ) : (
                <Stack gap={2}>
                  <StatusBadge status={document.review_status}>
                    {t(`record.review_status.${document.review_status}`)}
                  </StatusBadge>
                  {document.review_reason && <Text size="sm">{document.review_reason}</Text>}
                </Stack>
              )}
            </Table.Td>
            {canView && (
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {VIEWABLE_MIMES.has(document.mime) && (
                    <Button size="xs" variant="default" onClick={() => setViewing(document)}>
                      {t('record.view')}
                    </Button>
                  )}
                  <Anchor size="sm" href={documentUrl(clientId, document.id)} download>
                    {t('record.download')}
                  </Anchor>
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </DataTable>
      {!canView && (
        <Text size="sm" c="dimmed">
          {t('record.documents_hidden')}
        </Text>
      )}
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.file_name} size="xl">
        {viewing && (
          <Image
            src={documentUrl(clientId, viewing.id, true)}
            alt={viewing.file_name}
            fit="contain"
            mah="70vh"
          />
        )}
      </Modal>
    </>
  );
}
