import type { Queryable } from '../../db/database';

// What a closing reads of the payments table: the client's payments still with the rail, and
// the pay-outs made for a request (deactivation_request_id).

/** Payments whose money is still with the rail: closing must wait for their outcome. */
export async function countOpenPayments(db: Queryable, clientId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments WHERE client_id = $1 AND status = 'processing'`,
    [clientId],
  );
  return row?.n ?? 0;
}

/** A request's pay-outs not yet arrived or returned. */
export async function countOpenPayouts(tx: Queryable, requestId: string): Promise<number> {
  const [open] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments WHERE deactivation_request_id = $1 AND status IN ('created', 'processing')`,
    [requestId],
  );
  return open?.n ?? 0;
}

export type PayoutPaymentRow = {
  id: string;
  status: string;
  amount_minor: number;
  fee_minor: number;
  currency: string;
  status_reason: string | null;
  created_at: Date;
};

/** The pay-outs made for a request, newest first. */
export async function listRequestPayouts(db: Queryable, requestId: string): Promise<PayoutPaymentRow[]> {
  return db.query<PayoutPaymentRow>(
    `SELECT id, status, amount_minor, fee_minor, currency, status_reason, created_at FROM payments
     WHERE deactivation_request_id = $1 ORDER BY created_at DESC, id DESC`,
    [requestId],
  );
}
