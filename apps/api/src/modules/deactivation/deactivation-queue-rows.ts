import type { DeactivationReason } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// The back office's queue of deactivation requests, each with its client's name and e-mail.
export type PendingRequestRow = {
  id: string;
  client_id: string;
  reason: DeactivationReason;
  requested_at: Date;
  payout_note: string | null;
  type: 'PRIVATE' | 'CORPORATE';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string;
  total: number;
};

/** The back office's queue: requests waiting for review, oldest first, with their client. */
export async function listPendingRequests(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<PendingRequestRow[]> {
  return db.query<PendingRequestRow>(
    `SELECT r.id, r.client_id, r.reason, r.requested_at, r.payout_note, c.type, c.first_name, c.last_name, c.company_name, c.email,
       count(*) OVER ()::int AS total
     FROM deactivation_requests r JOIN clients c ON c.id = r.client_id
     WHERE r.status = 'pending' ORDER BY r.requested_at, r.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}
