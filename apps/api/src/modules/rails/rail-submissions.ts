import type { PaymentRail } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { type RailChannel, railChannel } from './rail-settings';

// The rail outbox's rows (docs/reliability.md, T5), one per confirmed external payment: written in
// the transaction that places the payment's holds, then moved on by the rail worker, the file
// export and the rail's answer. Only rails writes them; payments asks through these functions.

/** What the rails need to know of a payment to queue it. */
export type RailPayment = { id: string; rail: PaymentRail };

export async function queueRailSubmission(
  tx: Queryable,
  payment: RailPayment,
  channel: RailChannel,
): Promise<void> {
  if (payment.rail === 'internal') throw new Error('internal payments never reach a rail');
  await tx.query(
    `INSERT INTO rail_submissions (payment_id, rail, state, channel) VALUES ($1, $2, 'queued', $3)`,
    [payment.id, payment.rail, channel],
  );
}

/** The rail outbox rows of many payments (a confirmed batch) in one statement, each on its rail's channel. */
export async function queueRailSubmissions(tx: Queryable, payments: readonly RailPayment[]): Promise<void> {
  const channels = new Map<string, RailChannel>();
  const records: { payment_id: string; rail: string; channel: RailChannel }[] = [];
  for (const payment of payments) {
    if (payment.rail === 'internal') throw new Error('internal payments never reach a rail');
    let channel = channels.get(payment.rail);
    if (!channel) {
      channel = await railChannel(tx, payment.rail);
      channels.set(payment.rail, channel);
    }
    records.push({ payment_id: payment.id, rail: payment.rail, channel });
  }
  await tx.query(
    `INSERT INTO rail_submissions (payment_id, rail, state, channel)
     SELECT payment_id, rail, 'queued', channel
       FROM jsonb_to_recordset($1::jsonb) AS r(payment_id uuid, rail text, channel text)`,
    [JSON.stringify(records)],
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
