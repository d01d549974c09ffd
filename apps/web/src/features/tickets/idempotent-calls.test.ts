import { describe, expect, it } from 'vitest';
import { captureRequest } from '../../lib/testing/capture-request';
import { openTicket, replyToTicket } from './api';

// A new ticket and a reply carry the submission's Idempotency-Key (docs/idempotency.md), so a
// retry of the same submission gets the first answer instead of a second ticket or message.
describe('ticket calls send their Idempotency-Key', () => {
  it('ticket create', async () => {
    const sent = await captureRequest(() => openTicket({ subject: 'Hi', message: 'Hello' }, 'k-1'));
    expect(sent).toMatchObject({ path: '/api/client/tickets', method: 'POST' });
    expect(sent.headers['idempotency-key']).toBe('k-1');
  });

  it('ticket reply', async () => {
    const sent = await captureRequest(() => replyToTicket('t-1', { message: 'Hello' }, 'k-1'));
    expect(sent).toMatchObject({ path: '/api/client/tickets/t-1/messages', method: 'POST' });
    expect(sent.headers['idempotency-key']).toBe('k-1');
  });
});
