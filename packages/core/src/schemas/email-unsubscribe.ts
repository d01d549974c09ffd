import { z } from 'zod';

export const emailUnsubscribeRequestSchema = z.strictObject({
  email: z.email().max(320),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
});

export type EmailUnsubscribeRequest = z.infer<typeof emailUnsubscribeRequestSchema>;
