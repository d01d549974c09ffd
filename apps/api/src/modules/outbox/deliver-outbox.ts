import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import {
  type ClaimedMessage,
  claimDueOutboxMessages,
  setOutboxMessageFailure,
  setOutboxMessageSent,
} from './outbox-message-rows';
import type { EmailTransport, SmsGateway } from './transports';

export type Transports = { email?: EmailTransport | undefined; sms?: SmsGateway | undefined };

const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;

/**
 * Delivers due messages for the channels that have a transport; the others stay in the
 * outbox (the demo reads them there). Rows are claimed with SKIP LOCKED so several API
 * processes can run this at once without sending a message twice.
 */
export async function deliverOutbox(db: Database, transports: Transports, now = new Date()): Promise<number> {
  const channels = (['email', 'sms'] as const).filter((channel) => transports[channel]);
  if (channels.length === 0) return 0;
  let delivered = 0;
  await withTransaction(db, async (tx) => {
    const due = await claimDueOutboxMessages(tx, channels, now, BATCH_SIZE);
    for (const message of due) {
      try {
        await send(transports, message);
        await setOutboxMessageSent(tx, message.id, now);
        delivered++;
      } catch (error) {
        await recordFailure(tx, message, error, now);
      }
    }
  });
  return delivered;
}

async function send(transports: Transports, message: ClaimedMessage) {
  if (message.channel === 'email') {
    await transports.email?.send({
      to: message.recipient,
      subject: message.subject,
      text: message.body_text,
    });
  } else {
    await transports.sms?.send({ to: message.recipient, text: message.body_text });
  }
}

async function recordFailure(
  tx: Parameters<Parameters<typeof withTransaction>[1]>[0],
  message: ClaimedMessage,
  error: unknown,
  now: Date,
) {
  const attempts = message.attempts + 1;
  // Exponential backoff from 30 s, so a relay outage is retried for about two hours.
  const nextAttempt = new Date(now.getTime() + 30_000 * 2 ** (attempts - 1));
  await setOutboxMessageFailure(tx, {
    id: message.id,
    attempts,
    lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
    nextAttempt,
    maxAttempts: MAX_ATTEMPTS,
  });
}
