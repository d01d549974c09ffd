import { describe, expect, it } from 'vitest';
import { secretBlocks } from './authenticator-secret';

describe('secretBlocks', () => {
  it('shows a 32-character key as eight blocks of four', () => {
    expect(secretBlocks('TK46PJW6HA6624N3ZWDB6RO5VHBQ45LT')).toBe('TK46 PJW6 HA66 24N3 ZWDB 6RO5 VHBQ 45LT');
  });

  it('leaves a short last block as it is, and an empty key empty', () => {
    expect(secretBlocks('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(secretBlocks('')).toBe('');
  });
});
