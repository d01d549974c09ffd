import type { TicketMessage } from '@bluepeak/core/tickets';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../lib/format-date';

// One conversation, oldest message first, as the client and the back office both read it.
// Whose message it is is said in words (`authorLabel`), not by colour or side alone.
export function TicketThread({
  messages,
  authorLabel,
  ownAuthor,
  attachmentUrl,
}: {
  messages: TicketMessage[];
  /** Where a message's file downloads from (the client's or the back office's route). */
  attachmentUrl: (attachmentId: string) => string;
  authorLabel: (message: TicketMessage) => string;
  /** The reader's own side: its messages get a tinted background. */
  ownAuthor: TicketMessage['author'];
}) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {messages.map((message) => (
        <Card
          key={message.id}
          component="li"
          withBorder
          padding="md"
          bg={message.author === ownAuthor ? 'var(--mantine-color-blue-light)' : undefined}
          data-testid="ticket-message"
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <Text fw={700} size="sm">
              {authorLabel(message)}
            </Text>
            <Text size="xs" c="dimmed" className="tabular-figures">
              {formatDateTime(message.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
          {message.attachments.length > 0 && (
            <Group gap="sm" mt="xs">
              {message.attachments.map((file) => (
                <Anchor key={file.id} href={attachmentUrl(file.id)} download={file.file_name} size="sm">
                  {file.file_name}
                </Anchor>
              ))}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
