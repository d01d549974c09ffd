import { describe, expect, it } from 'vitest';
import { isoDayOf, peopleDayOf } from './day-text';

describe('dates as people type them', () => {
  it('reads DD-MM-YYYY (and dots or slashes) into an ISO day', () => {
    expect(isoDayOf('05-03-2026')).toBe('2026-03-05');
    expect(isoDayOf('5.3.2026')).toBe('2026-03-05');
    expect(isoDayOf('29/02/2024')).toBe('2024-02-29');
  });
  it('refuses what is no real day or not in that order', () => {
    expect(isoDayOf('31-02-2026')).toBeUndefined();
    expect(isoDayOf('2026-03-05')).toBeUndefined();
    expect(isoDayOf('')).toBeUndefined();
  });
  it('shows an ISO day as DD-MM-YYYY', () => {
    expect(peopleDayOf('2026-03-05')).toBe('05-03-2026');
    expect(peopleDayOf('')).toBe('');
  });
});
