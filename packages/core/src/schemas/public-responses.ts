import { z } from 'zod';
import { outboxMessageSchema } from './outbox-message';

// What the public and demo routes answer (apps/api/src/routes/card-waitlist.ts,
// email-unsubscribe.ts, dev-outbox.ts), so the web app reads the same shapes the API sends.
export const cardWaitlistResponseSchema = z.object({ data: z.object({ status: z.literal('accepted') }) });

export const emailUnsubscribeResponseSchema = z.object({
  data: z.object({ status: z.literal('unsubscribed') }),
});

export const outboxListResponseSchema = z.object({ data: z.array(outboxMessageSchema) });

export type CardWaitlistResponse = z.infer<typeof cardWaitlistResponseSchema>;
export type EmailUnsubscribeResponse = z.infer<typeof emailUnsubscribeResponseSchema>;
export type OutboxListResponse = z.infer<typeof outboxListResponseSchema>;
