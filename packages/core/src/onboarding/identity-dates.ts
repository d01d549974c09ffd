import { z } from 'zod';

// The dates an identity check rests on (docs/reliability.md, bad input 21): the client's date of birth
// and the document's expiry, as printed on the document. A date that is not YYYY-MM-DD, or does
// not exist (2025-02-30), is malformed (400); an age under the minimum, a birth date in the
// future or beyond any human age, and an expired document are refused as facts (422).

/** Accounts are for adults only (the terms' eligibility rule). */
export const MINIMUM_AGE_YEARS = 18;
const MAXIMUM_AGE_YEARS = 120;

/** Midnight UTC of a YYYY-MM-DD day, or null when the day does not exist. */
export function parseCalendarDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  const real = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
  return real ? at : null;
}

export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((day) => parseCalendarDay(day) !== null, 'This date does not exist');

/** Whole years from `born` to `today` (a birthday counts on the day itself). */
export function ageInYears(born: Date, today: Date): number {
  let years = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

export type IdentityDateProblem = { field: 'date_of_birth' | 'document_expires_on'; message: string };

/** What is wrong with well-formed dates, judged on `today` (UTC); empty when nothing is. */
export function identityDateProblems(
  input: { date_of_birth: string; document_expires_on: string },
  today: Date,
): IdentityDateProblem[] {
  const problems: IdentityDateProblem[] = [];
  const born = parseCalendarDay(input.date_of_birth);
  const expires = parseCalendarDay(input.document_expires_on);
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (born) {
    const age = ageInYears(born, day);
    if (born > day || age > MAXIMUM_AGE_YEARS)
      problems.push({ field: 'date_of_birth', message: 'This date of birth is not possible' });
    else if (age < MINIMUM_AGE_YEARS)
      problems.push({
        field: 'date_of_birth',
        message: `You must be at least ${MINIMUM_AGE_YEARS} years old to open an account`,
      });
  }
  if (expires && expires <= day)
    problems.push({
      field: 'document_expires_on',
      message: 'This document has expired; please use a valid one',
    });
  return problems;
}
