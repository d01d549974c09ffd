import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { formatDateTime } from '../../lib/format-date';
import { outboxQuery } from './api';
import { linkify } from './linkify';

export default function MailboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('mailbox.title'));
  const [recipient, setRecipient] = useState('');
  const [debounced] = useDebouncedValue(recipient, 300);
  const outbox = useQuery(outboxQuery(debounced));
  const messages = outbox.data?.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('mailbox.title')}</Title>
        <Text c="dimmed">{t('mailbox.intro')}</Text>
      </Stack>
      <Group align="flex-end">
        <TextInput
          label={t('mailbox.filter_label')}
          placeholder={t('mailbox.filter_placeholder')}
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          type="email"
          w={320}
        />
        <Button variant="default" onClick={() => void outbox.refetch()}>
          {t('mailbox.refresh')}
        </Button>
      </Group>
      {outbox.isPending && <Loader aria-label={t('mailbox.loading')} />}
      {outbox.isSuccess && messages.length === 0 && <Alert color="gray">{t('mailbox.empty')}</Alert>}
      {messages.map((message) => (
        <Card key={message.id} withBorder component="article" padding="lg">
          <Group justify="space-between" mb="xs">
            <Group gap="xs">
              <Badge variant="light">
                {t(message.channel === 'sms' ? 'mailbox.channel_sms' : 'mailbox.channel_email')}
              </Badge>
              <Title order={2} fz="md">
                {message.subject || t('mailbox.no_subject')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" className="tabular-figures">
              {t('mailbox.sent_at')} {formatDateTime(message.created_at)}
            </Text>
          </Group>
          <Text size="sm" mb="xs">
            {t('mailbox.to')}: {message.to}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {linkify(message.text)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
