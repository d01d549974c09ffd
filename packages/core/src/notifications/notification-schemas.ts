import { z } from 'zod';
import { positiveIntegerParam } from '../accounts/query-params';

// The notifications panel (docs/requirements/accounts.md, docs/requirements/api-contract.md,
// docs/requirements/tariff.md): page size 20, newest first. `kind` and `params` let the web app
// show the text in the reader's language; `title` and `body` are the English text, written when the
// event happened, for anything that cannot.
export const notificationKinds = [
  'application_approved',
  'application_rejected',
  'identification_approved',
  'identification_rejected',
  'data_update_requested',
  'data_update_accepted',
  'document_accepted',
  'document_rejected',
  'documents_requested',
  'incoming_payment',
  'payment_status_changed',
  'ticket_reply',
  'account_opened',
  'fee_charged',
  'statement_ready',
  'deactivation_requested',
  'deactivation_withdrawn',
  'deactivation_rejected',
  'deactivation_paying_out',
  'deactivation_payout_returned',
  'deactivation_approved',
  'exchange_completed',
  'account_closed',
  'escrow_update',
] as const;

export type NotificationKind = (typeof notificationKinds)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

export const notificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  params: notificationParamsSchema,
  created_at: z.string(),
  viewed: z.boolean(),
});

export const notificationsQuerySchema = z.strictObject({
  limit: positiveIntegerParam({ max: NOTIFICATIONS_MAX_PAGE_SIZE, fallback: NOTIFICATIONS_PAGE_SIZE }),
  page: positiveIntegerParam({ max: 1_000_000, fallback: 1 }),
});

export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema,
});

/** GET /client/notifications/unviewed: `data[0]` present means the bell turns red. */
export const unviewedNotificationsSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ total: z.number().int() }),
});

/** POST /client/notifications/view takes no body (or an empty object) and marks all viewed. */
export const viewNotificationsBodySchema = z.strictObject({}).nullish();

export const viewNotificationsResponseSchema = z.object({ data: z.object({ viewed: z.number().int() }) });

export type Notification = z.infer<typeof notificationSchema>;
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
