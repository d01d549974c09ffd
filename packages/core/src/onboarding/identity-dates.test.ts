import { describe, expect, it } from 'vitest';
import { ageInYears, calendarDaySchema, identityDateProblems, parseCalendarDay } from './identity-dates';

const today = new Date(Date.UTC(2026, 10, 24, 15, 30));
const day = (text: string) => parseCalendarDay(text) as Date;

describe('identity dates', () => {
  it('reads only real calendar days', () => {
    expect(calendarDaySchema.safeParse('2000-02-29').success).toBe(true);
    for (const bad of ['2001-02-29', '2025-02-30', '2025-13-01', '25-01-01', '2025-1-1', '01-01-2025', ''])
      expect(calendarDaySchema.safeParse(bad).success, bad).toBe(false);
  });

  it('counts a birthday on the day itself', () => {
    expect(ageInYears(day('2008-11-24'), day('2026-11-24'))).toBe(18);
    expect(ageInYears(day('2008-11-25'), day('2026-11-24'))).toBe(17);
    expect(ageInYears(day('2008-02-29'), day('2026-02-28'))).toBe(17);
  });

  it('refuses minors, impossible births and expired documents', () => {
    const valid = { date_of_birth: '1990-05-17', document_expires_on: '2030-01-01' };
    expect(identityDateProblems(valid, today)).toEqual([]);
    expect(identityDateProblems({ ...valid, date_of_birth: '2008-11-24' }, today)).toEqual([]);
    expect(identityDateProblems({ ...valid, date_of_birth: '2008-11-25' }, today)).toEqual([
      { field: 'date_of_birth', message: 'You must be at least 18 years old to open an account' },
    ]);
    for (const impossible of ['2027-01-01', '1890-01-01'])
      expect(identityDateProblems({ ...valid, date_of_birth: impossible }, today)[0]?.message).toBe(
        'This date of birth is not possible',
      );
    expect(identityDateProblems({ ...valid, document_expires_on: '2026-11-24' }, today)).toEqual([
      { field: 'document_expires_on', message: 'This document has expired; please use a valid one' },
    ]);
    expect(identityDateProblems({ ...valid, document_expires_on: '2026-11-25' }, today)).toEqual([]);
  });
});
