import { describe, expect, it } from 'vitest';
import { captureRequest } from '../../lib/testing/capture-request';
import { cancelPayment, saveRecipient } from './api';

// The calls the API lets a client retry with an Idempotency-Key (docs/idempotency.md) send the
// submission's key, so a retry of the same submission gets the first answer.
describe('payment calls that take an Idempotency-Key send it', () => {
  it('recipient create', async () => {
    const sent = await captureRequest(() =>
      saveRecipient({ type: 'sepa', details: {} } as never, undefined, 'k-1'),
    );
    expect(sent).toMatchObject({ path: '/api/client/recipients', method: 'POST' });
    expect(sent.headers['idempotency-key']).toBe('k-1');
  });

  it('payment cancel', async () => {
    const sent = await captureRequest(() => cancelPayment('p-1', 'k-1'));
    expect(sent).toMatchObject({ path: '/api/client/payments/p-1/cancel', method: 'POST' });
    expect(sent.headers['idempotency-key']).toBe('k-1');
  });

  it('a recipient change (PUT) is idempotent by itself and sends no key', async () => {
    const sent = await captureRequest(() =>
      saveRecipient({ type: 'sepa', details: {} } as never, 'r-1', 'k-1'),
    );
    expect(sent.method).toBe('PUT');
    expect(sent.headers['idempotency-key']).toBeUndefined();
  });
});
