import { createTicketSchema } from '@bluepeak/core/tickets';
import { Anchor, Button, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FilePicker } from '../../components/file-picker';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { useClient } from '../../lib/client-session';
import { clearFormDraft, readFormDraft, useKeepFormDraft } from '../../lib/form-draft';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { openTicket, ticketKeys } from './api';
import { useMessageFile } from './use-message-file';

// /dashboard/tickets/new: write to support. The subject and the message are checked by the
// same schema the API uses, so what the form accepts the server accepts; a file may go with it.
const TICKET_DRAFT = 'ticket:new';

export default function NewTicketPage() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('new_title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useClient();
  const form = useSchemaForm(
    createTicketSchema,
    readFormDraft<{ subject: string; message: string }>(TICKET_DRAFT, client.id) ?? {
      subject: '',
      message: '',
    },
  );
  useKeepFormDraft(TICKET_DRAFT, client.id, form.values, !form.values.subject && !form.values.message);
  const file = useMessageFile();
  const { mutation, submit, message } = useFormMutation(
    { ...form, validate: file.guard(form.validate) },
    {
      request: async (values, key) => openTicket({ ...values, ...(await file.attachments()) }, key),
      onSuccess: async (answer) => {
        clearFormDraft(TICKET_DRAFT);
        await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
        navigate(`/dashboard/tickets/${answer.data.id}`);
      },
    },
  );
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to="/dashboard/tickets" size="sm">
        ← {t('back')}
      </Anchor>
      <Title order={1}>{t('new_title')}</Title>
      <Text c="dimmed">{t('new_intro')}</Text>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label={t('subject')} required maxLength={120} {...form.text('subject')} />
            <Textarea
              label={t('message')}
              required
              autosize
              minRows={6}
              maxLength={5_000}
              {...form.text('message')}
            />
            <FilePicker label={t('attachment')} {...file.picker} optional />
            <FormMessage message={message} />
            <Button type="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('send')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
