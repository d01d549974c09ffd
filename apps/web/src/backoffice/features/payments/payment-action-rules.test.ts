import { describe, expect, it } from 'vitest';
import { allowedActions, allowedBatchActions } from './payment-action-rules';

describe('allowedActions', () => {
  it('offers hold or release and void while the payment waits in the rail outbox', () => {
    expect(allowedActions({ status: 'processing', rail_state: 'queued', on_hold: false })).toEqual([
      'hold',
      'void',
    ]);
    expect(allowedActions({ status: 'processing', rail_state: 'queued', on_hold: true })).toEqual([
      'release',
      'void',
    ]);
  });

  it('offers only void before confirmation and only return once the rail has it', () => {
    expect(allowedActions({ status: 'awaiting_confirmation', rail_state: null, on_hold: false })).toEqual([
      'void',
    ]);
    expect(allowedActions({ status: 'processing', rail_state: 'submitted', on_hold: false })).toEqual([
      'return',
    ]);
  });

  it('offers nothing on a final payment', () => {
    for (const status of ['completed', 'rejected', 'returned', 'cancelled'] as const)
      expect(allowedActions({ status, rail_state: 'settled', on_hold: false })).toEqual([]);
  });
});

describe('allowedBatchActions', () => {
  it('holds or returns a processing batch, releases or returns a held one, and nothing else', () => {
    expect(allowedBatchActions('processing')).toEqual(['hold', 'return']);
    expect(allowedBatchActions('on_hold')).toEqual(['release', 'return']);
    for (const status of ['draft', 'completed', 'cancelled', 'returned'])
      expect(allowedBatchActions(status)).toEqual([]);
  });
});
