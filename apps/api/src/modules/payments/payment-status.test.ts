import { describe, expect, it } from 'vitest';
import { canMove } from './payment-status';

describe('the payment state machine', () => {
  it('lets only a pay-out on closing skip the confirmation', () => {
    expect(canMove('created', 'processing')).toBe(false);
    expect(canMove('created', 'completed')).toBe(false);
    expect(canMove('created', 'processing', true)).toBe(true);
    expect(canMove('created', 'completed', true)).toBe(true);
    expect(canMove('created', 'awaiting_confirmation')).toBe(true);
    expect(canMove('awaiting_confirmation', 'processing')).toBe(true);
  });

  it('never leaves a final status', () => {
    for (const final of ['completed', 'rejected', 'returned', 'cancelled'] as const) {
      expect(canMove(final, 'processing', true)).toBe(false);
      expect(canMove(final, 'cancelled')).toBe(false);
    }
  });
});
