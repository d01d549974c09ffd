import type { PaymentRail } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { type RailChannel, railChannel } from './rail-settings';
import {
  insertRailSubmission,
  insertRailSubmissions,
  insertSettledRailSubmission,
} from './rail-submission-rows';

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
  await insertRailSubmission(tx, { paymentId: payment.id, rail: payment.rail, channel });
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
  await insertRailSubmissions(tx, records);
}

/**
 * The rail outbox row of a payment its rail settled at `at`, for a payment recorded after the
 * fact (the demo's history): on its rail's channel, sent and settled, as a payment made live ends.
 */
export async function recordSettledRailSubmission(
  tx: Queryable,
  payment: RailPayment,
  at: Date,
): Promise<void> {
  if (payment.rail === 'internal') throw new Error('internal payments never reach a rail');
  const channel = await railChannel(tx, payment.rail);
  await insertSettledRailSubmission(tx, { paymentId: payment.id, rail: payment.rail, channel, at });
}
