import { calendarDaySchema, identificationSchema, identityDateProblems } from '@bluepeak/core/onboarding';
import type { TFunction } from 'i18next';
import { toAttachment } from '../../components/file-attachment';
import { translateValidation } from '../../lib/form-errors';

export type Side = 'front' | 'back' | 'selfie';

export const DATE_FIELDS = ['date_of_birth', 'document_expires_on'] as const;
// core's rules speak English; each of their messages has a text in every language.
const DATE_PROBLEM_KEYS: Record<string, string> = {
  'This date of birth is not possible': 'dob_impossible',
  'You must be at least 18 years old to open an account': 'dob_minor',
  'This document has expired; please use a valid one': 'document_expired',
};
type DateField = (typeof DATE_FIELDS)[number];

export type IdentificationErrors = Partial<Record<Side | DateField | 'document_number' | 'form', string>>;

/**
 * The identification form as the body of POST /client/identification, or why not: every side's
 * file, then the same date rules as the API (a real date, an adult, a document still valid),
 * then the shared schema.
 */
export async function checkIdentification(
  documentType: string,
  sides: Side[],
  files: Record<Side, File | null>,
  dates: Record<DateField, string>,
  t: TFunction<'onboarding'>,
  documentNumber = '',
): Promise<{ body?: unknown; errors: IdentificationErrors }> {
  // Every field's problem at once: a missing file does not hide an empty date.
  const errors: IdentificationErrors = {};
  for (const side of sides) if (!files[side]) errors[side] = t('files.required');
  for (const field of DATE_FIELDS) {
    if (dates[field].trim() === '') errors[field] = t('identification.date_required');
    else if (!calendarDaySchema.safeParse(dates[field]).success)
      errors[field] = t('identification.date_invalid');
  }
  for (const problem of identityDateProblems(dates, new Date()))
    errors[problem.field] ??= t(`identification.${DATE_PROBLEM_KEYS[problem.message] ?? 'date_invalid'}`);
  if (Object.keys(errors).length > 0) return { errors };
  const attachments = await Promise.all(sides.map((side) => toAttachment(files[side] as File, side)));
  const number = documentNumber.trim() === '' ? {} : { document_number: documentNumber };
  const body = { document_type: documentType, ...dates, ...number, attachments };
  const parsed = identificationSchema.safeParse(body);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path[0] === 'document_number' ? 'document_number' : 'form';
    return { errors: { [field]: translateValidation(issue?.message ?? '') } };
  }
  return { body, errors: {} };
}
