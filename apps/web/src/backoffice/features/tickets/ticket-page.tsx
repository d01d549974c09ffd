import { ticketReplySchema } from '@bluepeak/core/tickets';
import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toAttachment } from '../../../components/file-attachment';
import { FormMessage } from '../../../components/form-message';
import { TicketThread } from '../../../components/ticket-thread';
import { usePageTitle } from '../../../components/use-page-title';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { ClientLink } from '../../components/client-link';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { showInfo } from '../../lib/notify';
import { answerTicket, closeTicket, ticketAttachmentUrl, ticketKeys, ticketQuery } from './api';

// One client conversation in the back office: every message, the answer form (the client is
// notified and e-mailed that an answer waits behind its log-in) and closing.
export default function TicketPage() {
  return (
    <RequirePermission needs="answerTickets">
      <TicketView />
    </RequirePermission>
  );
}

function TicketView() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useQuery(ticketQuery(id));
  usePageTitle(ticket.data?.subject ?? t('tickets.title'), undefined, null);
  const form = useSchemaForm(ticketReplySchema.pick({ message: true }), { message: '' });
  const [file, setFile] = useState<File | null>(null);
  const done = async (message: string) => {
    showInfo(message);
    await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  };
  const {
    mutation: reply,
    submit,
    message,
  } = useFormMutation(form, {
    request: async (values) =>
      answerTicket(id, values.message, file ? [await toAttachment(file, 'ticket')] : []),
    onSuccess: async () => {
      form.reset();
      setFile(null);
      await done(t('tickets.answered'));
    },
  });
  const close = useMutation({
    mutationFn: () => closeTicket(id),
    onSuccess: () => done(t('tickets.closed')),
  });
  if (ticket.isPending) return <Skeleton role="status" h={240} aria-label={t('loading')} />;
  if (ticket.isError) return <LoadFailed onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  return (
    <Stack>
      <Anchor component={Link} to="/tickets" size="sm">
        ← {t('tickets.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1}>{data.subject}</Title>
          <Text size="sm" c="dimmed">
            <ClientLink id={data.client_id}>{data.client_name}</ClientLink> · {data.client_email}
          </Text>
        </Stack>
        <Badge variant="light" size="lg">
          {t(`tickets.statuses.${data.status}`)}
        </Badge>
      </Group>
      <TicketThread
        messages={data.messages.data}
        ownAuthor="operator"
        attachmentUrl={(attachmentId) => ticketAttachmentUrl(id, attachmentId)}
        authorLabel={(message) =>
          message.author === 'client' ? data.client_name : (message.operator_name ?? t('tickets.operator'))
        }
      />
      {data.status !== 'closed' && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('tickets.answer_label')}
              {...form.text('message')}
              autosize
              minRows={4}
              maxLength={5_000}
            />
            <FileInput
              label={t('tickets.attachment')}
              value={file}
              onChange={setFile}
              accept="image/jpeg,image/png,image/heic,application/pdf"
              clearable
            />
            <FormMessage message={message} />
            <Group>
              <Button type="submit" loading={reply.isPending}>
                {t('tickets.send_answer')}
              </Button>
              <Button variant="default" loading={close.isPending} onClick={() => close.mutate()}>
                {t('tickets.close')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
