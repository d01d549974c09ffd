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

export async function countClientRecipients(tx: Queryable, clientId: string): Promise<number> {
  const [count] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM recipients WHERE client_id = $1 AND status <> 'deleted'`,
    [clientId],
  );
  return count?.n ?? 0;
}

/** A new recipient waiting for its code. */
export async function insertPendingRecipient(
  tx: Queryable,
  input: { clientId: string; type: PaymentType; details: Record<string, string>; now: Date },
): Promise<RecipientRow | undefined> {
  const [row] = await tx.query<RecipientRow>(
    `INSERT INTO recipients (client_id, type, status, details, created_at, updated_at)
     VALUES ($1, $2, 'pending_confirmation', $3::jsonb, $4, $4) RETURNING *`,
    [input.clientId, input.type, JSON.stringify(input.details), input.now],
  );
  return row;
}

/** A payment's payee saved as an active recipient: the payment's code was bound to it. */
export async function insertActiveRecipient(
  tx: Queryable,
  input: { clientId: string; type: PaymentType; payee: Record<string, string> },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO recipients (client_id, type, status, details) VALUES ($1, $2, 'active', $3::jsonb) RETURNING id`,
    [input.clientId, input.type, JSON.stringify(input.payee)],
  );
  return row;
}

export async function setRecipientChallenge(tx: Queryable, id: string, challengeId: string): Promise<void> {
  await tx.query('UPDATE recipients SET challenge_id = $2 WHERE id = $1', [id, challengeId]);
}

/** New details into `details` (a recipient never confirmed) or `pending_details` (a trusted one). */
export async function setRecipientDetails(
  tx: Queryable,
  id: string,
  column: 'details' | 'pending_details',
  details: Record<string, string>,
  now: Date,
): Promise<RecipientRow | undefined> {
  const [updated] = await tx.query<RecipientRow>(
    `UPDATE recipients SET ${column} = $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING *`,
    [id, JSON.stringify(details), now],
  );
  return updated;
}

/** The confirmed details become the recipient's, and it is trusted; a deleted one is not found. */
export async function activateRecipient(
  tx: Queryable,
  id: string,
  details: Record<string, string>,
  now: Date,
): Promise<RecipientRow | undefined> {
  const [updated] = await tx.query<RecipientRow>(
    `UPDATE recipients SET status = 'active', details = $2::jsonb, pending_details = NULL, updated_at = $3
         WHERE id = $1 AND status <> 'deleted' RETURNING *`,
    [id, JSON.stringify(details), now],
  );
  return updated;
}

/** Deletes one of the client's recipients; returns the ids deleted (none when not found). */
export async function markRecipientDeleted(
  tx: Queryable,
  input: { id: string; clientId: string; now: Date },
): Promise<{ id: string }[]> {
  return tx.query<{ id: string }>(
    `UPDATE recipients SET status = 'deleted', deleted_at = $3, updated_at = $3
     WHERE id = $1 AND client_id = $2 AND status <> 'deleted' RETURNING id`,
    [input.id, input.clientId, input.now],
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
