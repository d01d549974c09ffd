import type { EscrowDeal } from '@bluepeak/core/escrow';
import { allowedAttachmentMimes, MAX_ATTACHMENT_BYTES } from '@bluepeak/core/onboarding';
import { Anchor, Button, Card, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { StatusBadge } from '../../components/status-badge';
import { problemMessage } from '../../lib/api-error-message';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { dealDocumentUrl, escrowKeys, uploadEscrowDocument } from './api';

// A picked file as the API takes it: base64 in JSON (docs/requirements/api-contract.md).
async function asAttachment(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  const name = file.name.replace(/[/\\]|\.\./g, '_').slice(-200) || 'file';
  return { name, type: 'escrow_document', mime: file.type, size: file.size, data: btoa(binary) };
}

type Attachment = Awaited<ReturnType<typeof asAttachment>>;

/**
 * The conditions for release, their documents, and an upload where `uploads` (dealActions) says
 * the caller presents the condition and it may still take documents.
 */
export function EscrowConditions({ deal, uploads }: { deal: EscrowDeal; uploads: readonly string[] }) {
  const { t } = useTranslation('escrow');
  const queryClient = useQueryClient();
  // The key follows the file's bytes: the same file sent again replays, another file is a new upload.
  const upload = useIdempotentMutation({
    request: (sent: { conditionId: string; attachment: Attachment }, key: string) =>
      uploadEscrowDocument(deal.id, sent.conditionId, [sent.attachment], key),
    onSuccess: (answer) => queryClient.setQueryData(escrowKeys.one(deal.id), answer),
  });
  const [refused, setRefused] = useState(false);
  const pick = async (conditionId: string, file: File) => {
    const fits =
      file.size <= MAX_ATTACHMENT_BYTES && (allowedAttachmentMimes as readonly string[]).includes(file.type);
    setRefused(!fits);
    if (fits) upload.send({ conditionId, attachment: await asAttachment(file) });
  };
  const failed = upload.mutation.isError ? (problemMessage(upload.mutation.error) ?? t('failed')) : undefined;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={700}>{t('conditions')}</Text>
        {deal.conditions.map((condition) => (
          <Card key={condition.id} withBorder padding="sm" data-testid="escrow-condition">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={500}>{condition.description}</Text>
                <Text size="xs" c="dimmed">
                  {t('presented_by', { side: t(`roles.${condition.presenter}`) })}
                </Text>
                {condition.decision_reason && <Text size="xs">{condition.decision_reason}</Text>}
              </Stack>
              <StatusBadge status={condition.status}>
                {t(`condition_statuses.${condition.status}`)}
              </StatusBadge>
            </Group>
            {condition.documents.length > 0 && (
              <List size="sm" mt="xs">
                {condition.documents.map((document) => (
                  <List.Item key={document.id}>
                    <Anchor size="sm" href={dealDocumentUrl(deal.id, document.id)} download>
                      {document.file_name}
                    </Anchor>{' '}
                    · {t(`roles.${document.uploaded_by}`)}
                  </List.Item>
                ))}
              </List>
            )}
            {uploads.includes(condition.id) && (
              <FileButton
                accept={allowedAttachmentMimes.join(',')}
                onChange={(file) => file && void pick(condition.id, file)}
              >
                {(props) => (
                  <Button {...props} mt="xs" size="xs" variant="light" loading={upload.mutation.isPending}>
                    {t('upload')}
                  </Button>
                )}
              </FileButton>
            )}
          </Card>
        ))}
        <FormMessage message={refused ? t('file_refused') : failed} />
      </Stack>
    </Card>
  );
}
