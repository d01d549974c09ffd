import { describe, expect, it } from 'vitest';
import { captureRequest } from '../../lib/testing/capture-request';
import { askDeactivation } from './api';

// The deactivation request carries the submission's Idempotency-Key (docs/idempotency.md).
describe('the deactivation request sends its Idempotency-Key', () => {
  it('deactivation request', async () => {
    const sent = await captureRequest(() => askDeactivation({ reason: 'OTHER' } as never, 'k-1'));
    expect(sent).toMatchObject({ path: '/api/client/deactivation', method: 'POST' });
    expect(sent.headers['idempotency-key']).toBe('k-1');
  });
});
