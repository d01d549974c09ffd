import type { PaymentType, Recipient } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import type { ScaChallenge } from '../sca';

// A recipients row (migration 0050) and its API shape.
export type RecipientRow = {
  id: string;
  client_id: string;
  type: PaymentType;
  status: 'pending_confirmation' | 'active' | 'deleted';
  details: Record<string, string>;
  pending_details: Record<string, string> | null;
  challenge_id: string | null;
  created_at: Date;
  updated_at: Date;
};

/** One of the client's recipients that is not deleted; another client's is not found (404). */
export async function findClientRecipient(
  db: Queryable,
  clientId: string,
  id: string,
  lock = false,
): Promise<RecipientRow | undefined> {
  const [row] = await db.query<RecipientRow>(
    `SELECT * FROM recipients WHERE id = $1 AND client_id = $2 AND status <> 'deleted'${lock ? ' FOR UPDATE' : ''}`,
    [id, clientId],
  );
  return row;
}

/** A recipient a payment may use: confirmed with strong authentication. */
export async function findActiveRecipient(db: Queryable, clientId: string, id: string) {
  const row = await findClientRecipient(db, clientId, id);
  return row?.status === 'active' ? row : undefined;
}

export async function listClientRecipients(
  db: Queryable,
  clientId: string,
  type: PaymentType | undefined,
): Promise<RecipientRow[]> {
  return db.query<RecipientRow>(
    `SELECT * FROM recipients WHERE client_id = $1 AND status <> 'deleted' AND ($2::text IS NULL OR type = $2)
     ORDER BY created_at DESC, id DESC LIMIT 1000`,
    [clientId, type ?? null],
  );
}

export function toRecipient(row: RecipientRow, sca: ScaChallenge | null): Recipient {
  return {
    id: row.id,
    type: row.type,
    name: row.details.name ?? '',
    status: row.status === 'active' ? 'active' : 'pending_confirmation',
    details: row.details,
    pending_details: row.pending_details,
    sca,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
