import { z } from 'zod';

// Reference letters (docs/requirements/statements.md): ordered in settings, paid by the tariff's
// fee for the client's region, downloaded as a signed PDF once the fee is paid.
export const referenceLetterSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  fee: z.object({
    amount: z.number().int(),
    currency: z.string(),
    /** free: no fee in the client's region; owed: waiting for the balance to cover it. */
    status: z.enum(['free', 'owed', 'charged']),
  }),
  /** The PDF's address; null while the fee is owed. */
  letter_url: z.string().nullable(),
});

export const referenceLetterResponseSchema = z.object({ data: referenceLetterSchema });
export const referenceLettersResponseSchema = z.object({ data: z.array(referenceLetterSchema) });
export const referenceLetterParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid letter id' }) });
export type ReferenceLetter = z.infer<typeof referenceLetterSchema>;
