import type { Recipient } from '@bluepeak/core/payments';
import { Text } from '@mantine/core';
import { recipientAccountLine } from './recipient-summary';

/** A recipient's name and the account it is paid to, as every list and card shows them. */
export function RecipientLines({ recipient }: { recipient: Pick<Recipient, 'name' | 'details'> }) {
  return (
    <>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {recipient.name}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {recipientAccountLine(recipient.details)}
      </Text>
    </>
  );
}
