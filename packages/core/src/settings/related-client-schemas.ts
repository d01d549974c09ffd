import { z } from 'zod';
import { emailSchema } from '../auth/field-rules';

// Related clients (docs/requirements/settings.md): another client of the institution, found by
// its e-mail or its account (IBAN or UK account number), and how it is related to the caller.
export const relatedClientRelationships = [
  'PARENT_COMPANY',
  'SUBSIDIARY',
  'AFFILIATE',
  'SAME_OWNER',
  'FAMILY',
  'OTHER',
] as const;

export const relatedClientBodySchema = z.strictObject({
  relationship: z.enum(relatedClientRelationships),
  find_by: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('email'), email: emailSchema }),
    z.strictObject({
      kind: z.literal('account'),
      account: z
        .string()
        .trim()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .pipe(
          z
            .string()
            .regex(/^([0-9]{8}|[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30})$/, 'An IBAN or an 8-digit account number'),
        ),
    }),
  ]),
});
export type RelatedClientBody = z.input<typeof relatedClientBodySchema>;

/** A link as its owner sees it: what it declared, never whether or whom it matched. */
export const relatedClientSchema = z.object({
  id: z.uuid(),
  declared_by: z.enum(['email', 'account']),
  declared: z.string(),
  relationship: z.enum(relatedClientRelationships),
  created_at: z.string(),
});
export type RelatedClient = z.output<typeof relatedClientSchema>;

/** The back office sees which client matched the declaration, if one did, to open its record. */
export const relatedClientOfRecordSchema = relatedClientSchema.extend({
  client_id: z.uuid().nullable(),
  name: z.string().nullable(),
});
export type RelatedClientOfRecord = z.output<typeof relatedClientOfRecordSchema>;

export const relatedClientListResponseSchema = z.object({ data: z.array(relatedClientSchema) });
export const relatedClientResponseSchema = z.object({ data: relatedClientSchema });
