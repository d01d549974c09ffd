import type { PaymentStatus } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { auditInsertSql } from '../audit';
import { notificationInsertSql } from '../notifications';
import type { PaymentRow } from './payment-rows';

// The statements of the payment state machine (payment-status.ts): a status change with its
// history row, audit entry and notifications in one statement, and a history row on its own.

export type HistoryJson = { status: PaymentStatus; reason: string | null; created_at: string };

/** How many placeholders the status change's own part of a statement takes ($1 to $24). */
export const STATUS_CHANGE_PARAMS = 24;

/**
 * The statement of a status change: `moved` is the CTE that moves the payment (the guarded
 * UPDATE, or the INSERT of a new payment straight into its status), returning at least its id;
 * the history row (with the `from` status's first when $24 says so, in that order), the audit
 * entry and the notifications are written only for a row it returned.
 */
function statusChangeSql(moved: string, select: string): string {
  return `WITH moved AS (${moved}),
     event AS (
       INSERT INTO payment_events (payment_id, status, reason, actor_type, actor_id)
       SELECT m.id, s.status, CASE WHEN s.n = 2 THEN $4::text END, $5::text, $6::uuid
         FROM moved m CROSS JOIN (VALUES (1, $2::text), (2, $3::text)) s(n, status)
        WHERE m.id = $1::uuid AND (s.n = 2 OR $24::boolean)
        ORDER BY s.n
       RETURNING id, status, reason, created_at),
     audit AS (
       ${auditInsertSql(`SELECT $7::text, $8::text, $9::text, 'payment', id::text, $10::text, $11::text, $12::jsonb FROM moved`)}),
     notified AS (
       ${notificationInsertSql(`SELECT $13::uuid, 'payment_status_changed', $15::text, $16::text, $17::jsonb FROM moved
       UNION ALL
       SELECT $19::uuid, $20::text, $21::text, $22::text, $23::jsonb FROM moved WHERE $19::uuid IS NOT NULL`)})
     SELECT ${select}, CASE WHEN $18::boolean THEN (
         -- The new events are not in the table for this statement's snapshot: they come from its INSERT.
         SELECT json_agg(json_build_object('status', h.status, 'reason', h.reason, 'created_at', h.created_at)
                ORDER BY h.id)
           FROM (SELECT id, status, reason, created_at FROM payment_events WHERE payment_id = m.id
                 UNION ALL SELECT id, status, reason, created_at FROM event) h) END AS history
       FROM moved m`;
}

/**
 * The guarded UPDATE of a status change with its rows (`params`: $1 to $24); undefined when the
 * payment was no longer in the status it leaves.
 */
export async function updatePaymentStatus(
  tx: Queryable,
  params: unknown[],
): Promise<{ id: string; history: HistoryJson[] | null } | undefined> {
  const [row] = await tx.query<{ id: string; history: HistoryJson[] | null }>(
    statusChangeSql(
      `UPDATE payments SET status = $3::text, status_reason = $4::text, updated_at = now(),
         confirmed_at = CASE WHEN $3::text IN ('processing', 'completed') THEN coalesce(confirmed_at, now()) ELSE confirmed_at END,
         challenge_id = coalesce($14::uuid, challenge_id)
       WHERE id = $1::uuid AND status = $2::text RETURNING id`,
      'm.id',
    ),
    params,
  );
  return row;
}

/**
 * A new payment's INSERT (`insert`, its placeholders after the status change's) as the CTE of a
 * status change (`params`: $1 to $24), answering the written row with its history.
 */
export async function insertPaymentInStatus(
  tx: Queryable,
  params: unknown[],
  insert: { sql: string; params: unknown[] },
): Promise<(PaymentRow & { history: HistoryJson[] | null }) | undefined> {
  const [inserted] = await tx.query<PaymentRow & { history: HistoryJson[] | null }>(
    statusChangeSql(insert.sql, 'm.*'),
    [...params, ...insert.params],
  );
  return inserted;
}

export async function insertPaymentEvent(
  tx: Queryable,
  input: {
    paymentId: string;
    status: PaymentStatus;
    reason: string | null;
    actorType: string;
    actorId: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO payment_events (payment_id, status, reason, actor_type, actor_id) VALUES ($1, $2, $3, $4, $5)`,
    [input.paymentId, input.status, input.reason, input.actorType, input.actorId],
  );
}
