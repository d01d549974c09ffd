import { z } from 'zod';
import { positiveIntegerParam } from '../accounts/query-params';
import { attachmentsSchema } from '../onboarding/attachment';

// Messages (docs/requirements/tickets.md: /dashboard/tickets): a client writes to support in a ticket, an
// operator answers, the client reads the answer. Free text in any script, but never the
// characters that hide or reorder text or break logs (docs/reliability.md, bad input 9): control
// characters other than line breaks and tabs, zero-width characters, bidi overrides; and
// only NFC, so one message always reads and compares the same.

export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 5_000;
/** A client cannot keep more open tickets than this: a bound on what one client can make us store. */
export const MAX_OPEN_TICKETS = 20;
/** Messages in one ticket; a longer conversation starts a new ticket. */
export const MAX_TICKET_MESSAGES = 200;

const HIDDEN_OR_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export function freeText(max: number, options: { multiline: boolean }) {
  return z
    .string()
    .trim()
    .min(1, 'Please write something')
    .max(max, `At most ${max} characters`)
    .refine((text) => !HIDDEN_OR_CONTROL.test(text), 'This text contains hidden or control characters')
    .refine((text) => options.multiline || !/[\r\n\t]/.test(text), 'Keep this on one line')
    .refine((text) => text === text.normalize('NFC'), 'This text is not in a standard form (NFC)');
}

export const ticketSubjectField = freeText(TICKET_SUBJECT_MAX, { multiline: false });
export const ticketMessageField = freeText(TICKET_MESSAGE_MAX, { multiline: true });

/** open: waiting for our answer; answered: waiting for the client; closed: done. */
export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Up to three files with a message, in the attachment shape (docs/requirements/api-contract.md). */
const ticketAttachments = attachmentsSchema(3).optional();

export const createTicketSchema = z.strictObject({
  subject: ticketSubjectField,
  message: ticketMessageField,
  attachments: ticketAttachments,
});
export const ticketReplySchema = z.strictObject({
  message: ticketMessageField,
  attachments: ticketAttachments,
});

export const ticketIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid ticket id' }) });

export const ticketListQuerySchema = z.strictObject({
  page: positiveIntegerParam({ max: 10_000, fallback: 1 }),
  limit: positiveIntegerParam({ max: 100, fallback: 20 }),
  status: z.enum(ticketStatuses).optional(),
});

export const ticketSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  /** An answer from support that the client has not opened yet. */
  unread: z.boolean(),
  message_count: z.number().int(),
  created_at: z.string(),
  last_message_at: z.string(),
});

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['client', 'operator']),
  /** The operator's name as the client sees it; null for the client's own messages. */
  operator_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(
    z.object({ id: z.string(), file_name: z.string(), mime: z.string(), size: z.number().int() }),
  ),
});

export const ticketSchema = ticketSummarySchema.extend({
  /** Oldest first. */
  messages: z.object({ data: z.array(ticketMessageSchema) }),
});

const pageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export const ticketListResponseSchema = z.object({ data: z.array(ticketSummarySchema), meta: pageMeta });
export const ticketResponseSchema = z.object({ data: ticketSchema });

/** The back office's queue: the tickets with who wrote them (the e-mail tells same-named clients apart). */
export const backofficeTicketSummarySchema = ticketSummarySchema.omit({ unread: true }).extend({
  client_id: z.string(),
  client_name: z.string(),
  client_email: z.string(),
});
export const backofficeTicketSchema = backofficeTicketSummarySchema.extend({
  messages: z.object({ data: z.array(ticketMessageSchema) }),
});
export const backofficeTicketListResponseSchema = z.object({
  data: z.array(backofficeTicketSummarySchema),
  meta: pageMeta,
});
export const backofficeTicketResponseSchema = z.object({ data: backofficeTicketSchema });

export type CreateTicket = z.infer<typeof createTicketSchema>;
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export type Ticket = z.infer<typeof ticketSchema>;
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export type BackofficeTicketSummary = z.infer<typeof backofficeTicketSummarySchema>;
export type BackofficeTicket = z.infer<typeof backofficeTicketSchema>;
