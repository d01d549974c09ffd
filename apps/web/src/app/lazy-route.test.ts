import { describe, expect, it } from 'vitest';
import { shouldReloadAfterChunkError } from './lazy-route';

describe('reload after a failed chunk load', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadAfterChunkError(1_000_000, undefined)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000, 1_000_000 - 30_000)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000_000, 1_000_000 - 61_000)).toBe(true);
  });
});
