import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('dates in the house format, in UTC', () => {
  it('formats DD-MM-YYYY and DD-MM-YYYY HH:mm:ss', () => {
    expect(formatDate('2026-03-04T23:59:59Z')).toBe('04-03-2026');
    expect(formatDateTime('2026-03-04T05:06:07Z')).toBe('04-03-2026 05:06:07');
  });
});
