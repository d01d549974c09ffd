import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelPayment, saveRecipient } from '../features/payments/payments-api';
import { askDeactivation } from '../features/settings/deactivation-api';
import { openTicket, replyToTicket } from '../features/tickets/tickets-api';

// The calls the API lets a client retry with an Idempotency-Key (docs/idempotency.md) send the
// submission's key, so a retry of the same submission gets the first answer.
describe('calls that take an Idempotency-Key send it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function headersOf(call: () => Promise<unknown>) {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await call();
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    return { path, method: init.method, headers: init.headers as Record<string, string> };
  }

  it.each([
    ['recipient create', () => saveRecipient({ type: 'sepa', details: {} } as never, undefined, 'k-1')],
    ['ticket create', () => openTicket({ subject: 'Hi', message: 'Hello' }, 'k-1')],
    ['ticket reply', () => replyToTicket('t-1', 'Hello', 'k-1')],
    ['deactivation request', () => askDeactivation({ reason: 'OTHER' } as never, 'k-1')],
    ['payment cancel', () => cancelPayment('p-1', 'k-1')],
  ])('%s', async (_name, call) => {
    const sent = await headersOf(call);
    expect(sent.method).toBe('POST');
    expect(sent.headers['idempotency-key']).toBe('k-1');
  });

  it('a recipient change (PUT) is idempotent by itself and sends no key', async () => {
    const sent = await headersOf(() => saveRecipient({ type: 'sepa', details: {} } as never, 'r-1', 'k-1'));
    expect(sent.method).toBe('PUT');
    expect(sent.headers['idempotency-key']).toBeUndefined();
  });
});
