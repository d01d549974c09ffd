import { z } from 'zod';

// One message of the demo outbox (docs/requirements/api-contract.md: GET /api/dev/outbox), shared
// by the API route that answers it and the dev mailbox page that shows it.
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
