import { z } from 'zod';
import { outboxMessageSchema } from './outbox-message';

// What the public, demo and health routes answer (apps/api/src/modules/waitlist, outbox and meta),
// so the web app reads the same shapes the API sends.
export const cardWaitlistResponseSchema = z.object({ data: z.object({ status: z.literal('accepted') }) });

export const emailUnsubscribeResponseSchema = z.object({
  data: z.object({ status: z.literal('unsubscribed') }),
});

export const outboxListResponseSchema = z.object({ data: z.array(outboxMessageSchema) });

/**
 * The read replica (DATABASE_REPLICA_URL), when one is configured: `in_use` while reads that may
 * lag go to it; `lagging` or `unavailable` while they go to the primary. Never decides readiness.
 */
export const replicaHealthSchema = z.object({
  state: z.enum(['in_use', 'lagging', 'unavailable']),
  lag_ms: z.number().int().nonnegative().nullable(),
  max_lag_ms: z.number().int().nonnegative(),
  checked_at: z.string().nullable(),
});

/** Liveness: 200 with both `ok`, or 503 when the database does not answer. */
export const healthResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unavailable']),
    driver: z.string(),
    replica: replicaHealthSchema.optional(),
  }),
});

/** `/api/health/live`: the process is up and its event loop answers. */
export const livenessResponseSchema = z.object({ data: z.object({ status: z.literal('ok') }) });

/** `/api/health/ready`: whether a load balancer should send this process requests. */
export const readinessResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ready', 'not_ready']),
    database: z.enum(['ok', 'unavailable']),
    migrations: z.enum(['done', 'pending']),
    draining: z.boolean(),
    replica: replicaHealthSchema.optional(),
  }),
});

export type CardWaitlistResponse = z.infer<typeof cardWaitlistResponseSchema>;
export type EmailUnsubscribeResponse = z.infer<typeof emailUnsubscribeResponseSchema>;
export type OutboxListResponse = z.infer<typeof outboxListResponseSchema>;
