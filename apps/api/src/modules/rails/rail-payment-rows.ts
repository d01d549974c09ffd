import type { Queryable } from '../../db/database';
import { expiryTransferId, transferExistsSql } from '../ledger';

// What rails reads of the payments table: a simulated payment's payee, a file's submitted payment,
// and the payments the worker's housekeeping moves on.

/** What the simulator reads of a payment: the payee's name decides its verdict. */
export type SimulatedPayment = { payee: Record<string, string> };

export async function findSimulatedPayment(
  tx: Queryable,
  paymentId: string,
): Promise<SimulatedPayment | undefined> {
  const [row] = await tx.query<SimulatedPayment>('SELECT payee FROM payments WHERE id = $1', [paymentId]);
  return row;
}

/** The payment of a sent file with this end-to-end id, while its submission waits for the answer. */
export async function findSubmittedFilePayment(
  tx: Queryable,
  endToEndId: string,
  fileId: string,
): Promise<{ id: string } | undefined> {
  const [payment] = await tx.query<{ id: string }>(
    `SELECT p.id FROM payments p JOIN rail_submissions s ON s.payment_id = p.id
       WHERE p.end_to_end_id = $1 AND p.file_id = $2 AND s.state = 'submitted'`,
    [endToEndId, fileId],
  );
  return payment;
}

/** Payments still waiting for their code that were created before `cutoff`, oldest first. */
export async function listUnconfirmedPaymentsBefore(
  db: Queryable,
  cutoff: Date,
  limit: number,
): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `SELECT id FROM payments WHERE status = 'awaiting_confirmation' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [cutoff, limit],
  );
}

/** Processing payments whose hold the ledger expired, oldest first. */
export async function listExpiredHoldPayments(db: Queryable, limit: number): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `SELECT p.id FROM payments p
     WHERE p.status = 'processing'
       AND ${transferExistsSql("$2 || p.id::text || ':hold'")}
     ORDER BY p.created_at LIMIT $1`,
    // The ledger names the expiry of hold `payment:<id>:hold` after the hold.
    [limit, expiryTransferId('payment:')],
  );
}
