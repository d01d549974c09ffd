import { ticketReplySchema } from '@bluepeak/core/tickets';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FilePicker } from '../../components/file-picker';
import { FormMessage } from '../../components/form-message';
import { TicketThread } from '../../components/ticket-thread';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { changeTicket, replyToTicket, ticketAttachmentUrl, ticketKeys, ticketQuery } from './api';
import { useMessageFile } from './use-message-file';

// /dashboard/tickets/{id}: one conversation. Opening it marks support's answers read (the
// Messages badge goes down); the client can write again or close it.
export default function TicketPage() {
  const { t } = useTranslation('tickets');
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useQuery(ticketQuery(id));
  usePageTitle(ticket.data?.subject ?? t('title'));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
      queryClient.invalidateQueries({ queryKey: clientQueryKeys.data }),
    ]);
  const markRead = useMutation({
    mutationFn: () => changeTicket(id, 'read'),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const unread = ticket.data?.unread === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per unread answer, not per render
  useEffect(() => {
    if (unread) markRead.mutate();
  }, [unread]);
  const close = useMutation({ mutationFn: () => changeTicket(id, 'close'), onSuccess: refresh });
  const form = useSchemaForm(ticketReplySchema.pick({ message: true }), { message: '' });
  const file = useMessageFile();
  const {
    mutation: reply,
    submit,
    message,
  } = useFormMutation(
    { ...form, validate: file.guard(form.validate) },
    {
      request: async (body, key) =>
        replyToTicket(id, { message: body.message, ...(await file.attachments()) }, key),
      onSuccess: async () => {
        form.setValue('message', '');
        file.clear();
        await refresh();
      },
    },
  );
  if (ticket.isPending)
    return <Skeleton role="status" height={240} aria-busy="true" aria-label={t('loading')} />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && [400, 404].includes(ticket.error.status);
    return <Alert color={missing ? 'gray' : 'red'}>{t(missing ? 'not_found' : 'load_failed')}</Alert>;
  }
  const data = ticket.data;
  return (
    <Stack gap="lg" maw={800}>
      <Anchor component={Link} to="/dashboard/tickets" size="sm">
        ← {t('back')}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {data.subject}
        </Title>
        <Badge variant="light" size="lg">
          {t(`statuses.${data.status}`)}
        </Badge>
      </Group>
      <TicketThread
        messages={data.messages.data}
        ownAuthor="client"
        attachmentUrl={(attachmentId) => ticketAttachmentUrl(id, attachmentId)}
        authorLabel={(item) =>
          item.author === 'client' ? t('you') : t('support', { name: item.operator_name ?? '' })
        }
      />
      {data.status !== 'open' && (
        <Anchor component={Link} to={`/dashboard/tickets/${id}/confirm`}>
          {t('confirm.link')}
        </Anchor>
      )}
      {data.status === 'closed' ? (
        <Alert color="gray">{t('closed_note')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea label={t('reply')} autosize minRows={4} maxLength={5_000} {...form.text('message')} />
            <FilePicker label={t('attachment')} {...file.picker} optional />
            <FormMessage message={message} />
            <Group>
              <Button type="submit" loading={reply.isPending}>
                {t('send')}
              </Button>
              <Button variant="default" loading={close.isPending} onClick={() => close.mutate()}>
                {t('close')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
