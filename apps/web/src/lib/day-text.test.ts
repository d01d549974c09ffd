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
  it('takes single-digit days and months and the spaces around, and knows leap years', () => {
    expect(isoDayOf(' 1-1-2026 ')).toBe('2026-01-01');
    expect(isoDayOf('29-02-2028')).toBe('2028-02-29');
    expect(isoDayOf('29-02-2027')).toBeUndefined();
    expect(isoDayOf('29-02-2100')).toBeUndefined();
    expect(isoDayOf('29-02-2000')).toBe('2000-02-29');
  });
  it('refuses a two-digit year, a month 13, a day 0, mixed-in letters and a partly typed day', () => {
    for (const text of [
      '05-03-26',
      '01-13-2026',
      '00-01-2026',
      '05-O3-2026',
      '05-03-202',
      '05-03-',
      '05 03 2026',
    ])
      expect(isoDayOf(text), text).toBeUndefined();
  });
  it('reads back what it shows', () => {
    for (const iso of ['2026-01-01', '1999-12-31', '2024-02-29'])
      expect(isoDayOf(peopleDayOf(iso))).toBe(iso);
    expect(peopleDayOf('05-03-2026')).toBe('');
  });
});
