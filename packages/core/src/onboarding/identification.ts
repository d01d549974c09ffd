import { z } from 'zod';
import { validationMessages } from '../auth/validation-messages';
import { identificationDocumentTypes, metaCodeSchema } from '../reference/meta-lists';
import { attachmentsSchema } from './attachment';
import { calendarDaySchema } from './identity-dates';

// /dashboard/identification: an identity document (front and, except for passports, back)
// and a selfie, with the date of birth and the document's expiry as printed on it, reviewed by
// an operator (or, later, an identity-check provider). The dates' facts (adult, not expired)
// are judged by identityDateProblems, a 422 in the API.
export const identificationSides = ['front', 'back', 'selfie'] as const;
export type IdentificationSide = (typeof identificationSides)[number];

export const identificationSchema = z
  .strictObject({
    document_type: metaCodeSchema(identificationDocumentTypes),
    date_of_birth: calendarDaySchema,
    document_expires_on: calendarDaySchema,
    /** As printed on the document; spaces and dashes dropped, letters in capitals. */
    document_number: z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{4,20}$/, 'Letters and digits, 4 to 20'))
      .optional(),
    attachments: attachmentsSchema(3),
  })
  .superRefine((value, context) => {
    const sides = value.attachments.map((attachment) => attachment.type);
    const unknown = sides.some((side) => !(identificationSides as readonly string[]).includes(side));
    const duplicated = new Set(sides).size !== sides.length;
    const missing = !sides.includes('front') || !sides.includes('selfie');
    const needsBack = value.document_type !== 'PASSPORT' && !sides.includes('back');
    if (unknown || duplicated || missing || needsBack) {
      context.addIssue({
        code: 'custom',
        path: ['attachments'],
        message: `${validationMessages.files}: the document's front${needsBack ? ', back' : ''} and a selfie, once each`,
      });
    }
  });

export type IdentificationInput = z.input<typeof identificationSchema>;

export const identificationDecisionSchema = z.strictObject({
  reason: z.string().trim().min(3).max(1000).optional(),
});

/** A document number as the client sees it again: its last four characters only. */
export function maskDocumentNumber(number: string): string {
  return `${'•'.repeat(Math.max(number.length - 4, 0))}${number.slice(-4)}`;
}
