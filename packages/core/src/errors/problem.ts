import { z } from 'zod';

// One error shape for every API answer (RFC 9457 problem+json), carrying what the web
// client reads: `message` always, `errors` on 400, `detail` on 422 (docs/error-catalogue.md,
// docs/decisions/0004-api-error-shape.md).
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  detail: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  request_id: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;
