import { z } from 'zod';
import { plainText } from '../schemas/plain-text';

// GET /api/backoffice/audit: the audit log searched by client, operator and action. A client
// or an operator is named by id or by e-mail; an action matches as a prefix
// (`operator.application` finds approvals and rejections).
const searchTerm = plainText(254);

export const auditLogQuerySchema = z.strictObject({
  client: searchTerm.optional(),
  operator: searchTerm.optional(),
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z][a-z0-9_.]*$/, 'Lower-case letters, digits, dots and underscores')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor_type: z.string(),
  actor_id: z.string().nullable(),
  actor_label: z.string().nullable(),
  action: z.string(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  object_label: z.string().nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** What the ids the entry names are (an account by its name and IBAN, a person by e-mail), by id. */
  labels: z.record(z.string(), z.string()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
