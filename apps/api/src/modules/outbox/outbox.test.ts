import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { deliverOutbox } from './deliver-outbox';
import { enqueueMessage } from './enqueue-message';
import { listOutbox } from './list-outbox';
import type { EmailTransport } from './transports';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.cleanup());

describe('outbox', () => {
  it('keeps a message only if the transaction that queued it commits', async () => {
    await withTransaction(test.db, (tx) =>
      enqueueMessage(tx, { channel: 'email', to: 'kept@example.test', subject: 'Hi', text: 'Hello' }),
    );
    await expect(
      withTransaction(test.db, async (tx) => {
        await enqueueMessage(tx, { channel: 'email', to: 'lost@example.test', text: 'Never' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    expect(await listOutbox(test.db, { to: 'KEPT@example.test', limit: 10 })).toHaveLength(1);
    expect(await listOutbox(test.db, { to: 'lost@example.test', limit: 10 })).toHaveLength(0);
  });

  it('leaves messages in the outbox when no transport is configured', async () => {
    expect(await deliverOutbox(test.db, {})).toBe(0);
    const [message] = await listOutbox(test.db, { to: 'kept@example.test', limit: 1 });
    expect(message?.status).toBe('pending');
  });

  it('delivers e-mail once, and retries later after a failure', async () => {
    const sent: string[] = [];
    let fail = true;
    const email: EmailTransport = {
      async send(message) {
        if (fail) throw new Error('relay down');
        sent.push(message.to);
      },
    };
    const now = new Date();
    expect(await deliverOutbox(test.db, { email }, now)).toBe(0);
    fail = false;
    expect(await deliverOutbox(test.db, { email }, now)).toBe(0); // backing off
    expect(await deliverOutbox(test.db, { email }, new Date(now.getTime() + 60_000))).toBe(1);
    expect(await deliverOutbox(test.db, { email }, new Date(now.getTime() + 120_000))).toBe(0);
    expect(sent).toEqual(['kept@example.test']);
  });
});
