import type { PaymentRail } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import type { ClientRow } from '../clients';
import type { RailChannel } from './rail-settings';

// The rail_submissions table, the rail outbox (docs/reliability.md, T5): one row per confirmed
// external payment, claimed with FOR UPDATE SKIP LOCKED as the worker and the file export move it on.

export async function insertRailSubmission(
  tx: Queryable,
  input: { paymentId: string; rail: PaymentRail; channel: RailChannel },
): Promise<void> {
  await tx.query(
    `INSERT INTO rail_submissions (payment_id, rail, state, channel) VALUES ($1, $2, 'queued', $3)`,
    [input.paymentId, input.rail, input.channel],
  );
}

/** Many queued rows in one statement. */
export async function insertRailSubmissions(
  tx: Queryable,
  records: readonly { payment_id: string; rail: string; channel: RailChannel }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO rail_submissions (payment_id, rail, state, channel)
     SELECT payment_id, rail, 'queued', channel
       FROM jsonb_to_recordset($1::jsonb) AS r(payment_id uuid, rail text, channel text)`,
    [JSON.stringify(records)],
  );
}

/** A submission sent and settled at `at`, as the worker leaves one whose rail settled it. */
export async function insertSettledRailSubmission(
  tx: Queryable,
  input: { paymentId: string; rail: PaymentRail; channel: RailChannel; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO rail_submissions
       (payment_id, rail, state, channel, settle_after, submitted_at, resolved_at, attempts, created_at)
     VALUES ($1, $2, 'settled', $3, CASE WHEN $3 = 'simulator' THEN $4::timestamptz END, $4, $4, 1, $4)`,
    [input.paymentId, input.rail, input.channel, input.at],
  );
}

/** Locks the payment's submission for the caller's transaction; its state, or undefined for none. */
export async function lockRailSubmission(tx: Queryable, paymentId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ state: string }>(
    'SELECT state FROM rail_submissions WHERE payment_id = $1 FOR UPDATE',
    [paymentId],
  );
  return row?.state;
}

/** The submission of a payment stopped before it left (or one the rail's answer found resolved). */
export async function cancelRailSubmission(tx: Queryable, paymentId: string): Promise<void> {
  await tx.query(
    `UPDATE rail_submissions SET state = 'cancelled', resolved_at = now() WHERE payment_id = $1`,
    [paymentId],
  );
}

/** The rail's answer reached the payment: the submission ends in `state`. */
export async function resolveRailSubmission(
  tx: Queryable,
  paymentId: string,
  state: string | null,
): Promise<void> {
  await tx.query(`UPDATE rail_submissions SET state = $2, resolved_at = now() WHERE payment_id = $1`, [
    paymentId,
    state,
  ]);
}

/** What a file's transfer reads of a queued payment (the payments row) and its client. */
export type FileCandidate = {
  id: string;
  rail: PaymentRail;
  amount_minor: number;
  currency: string;
  payee: Record<string, string>;
  description: string;
  end_to_end_id: string;
} & Pick<ClientRow, 'first_name' | 'last_name' | 'company_name'> & { client_type: ClientRow['type'] };

/** Claims up to `limit` payments queued for a file on one rail, oldest first, with their clients. */
export async function claimFileCandidates(
  tx: Queryable,
  rail: 'sepa' | 'swift',
  limit: number,
): Promise<FileCandidate[]> {
  return tx.query<FileCandidate>(
    `SELECT p.*, c.type AS client_type, c.first_name, c.last_name, c.company_name
     FROM rail_submissions s JOIN payments p ON p.id = s.payment_id JOIN clients c ON c.id = p.client_id
     WHERE s.state = 'queued' AND s.channel = 'file' AND s.rail = $1 AND p.status = 'processing' AND NOT p.on_hold
     ORDER BY p.created_at, p.id LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
    [rail, limit],
  );
}

/** The payments written into a file are submitted. */
export async function markFiledSubmissions(tx: Queryable, paymentIds: string[], now: Date): Promise<void> {
  await tx.query(
    `UPDATE rail_submissions SET state = 'submitted', submitted_at = $2, attempts = attempts + 1 WHERE payment_id = ANY($1::uuid[])`,
    [paymentIds, now],
  );
}

/** Claims the oldest queued simulator submission whose payment is not on hold. */
export async function claimQueuedSimulatorSubmission(
  tx: Queryable,
): Promise<{ payment_id: string } | undefined> {
  const [row] = await tx.query<{ payment_id: string }>(
    `SELECT s.payment_id FROM rail_submissions s JOIN payments p ON p.id = s.payment_id
       WHERE s.state = 'queued' AND s.channel = 'simulator' AND NOT p.on_hold
       ORDER BY s.created_at LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
  );
  return row;
}

/** Sent to the simulated clearing, which answers from `settleAfter`. */
export async function markSimulatorSubmitted(
  tx: Queryable,
  paymentId: string,
  now: Date,
  settleAfter: Date,
): Promise<void> {
  await tx.query(
    `UPDATE rail_submissions SET state = 'submitted', submitted_at = $2, settle_after = $3, attempts = attempts + 1
       WHERE payment_id = $1`,
    [paymentId, now, settleAfter],
  );
}

/** Claims the submitted simulator submission whose answer is due the soonest. */
export async function claimDueSimulatorSubmission(
  tx: Queryable,
  now: Date,
): Promise<{ payment_id: string } | undefined> {
  const [row] = await tx.query<{ payment_id: string }>(
    `SELECT payment_id FROM rail_submissions
       WHERE state = 'submitted' AND channel = 'simulator' AND settle_after <= $1
       ORDER BY settle_after LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return row;
}
