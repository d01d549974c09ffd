import type { Queryable } from '../../db/database';

// The reference_letters table, each letter with its fee from client_fees (none: free).
export type LetterRow = {
  id: string;
  created_at: Date;
  amount_minor: number | null;
  currency: string | null;
  status: string | null;
};

const LETTER_SQL = `
SELECT l.id, l.created_at, f.amount_minor, f.currency, f.status
FROM reference_letters l LEFT JOIN client_fees f ON f.id = l.fee_id WHERE l.client_id = $1`;

export async function insertReferenceLetter(
  tx: Queryable,
  clientId: string,
): Promise<{ id: string } | undefined> {
  const [letter] = await tx.query<{ id: string }>(
    'INSERT INTO reference_letters (client_id) VALUES ($1) RETURNING id',
    [clientId],
  );
  return letter;
}

export async function setReferenceLetterFee(
  tx: Queryable,
  letterId: string,
  feeId: string | null,
): Promise<void> {
  await tx.query('UPDATE reference_letters SET fee_id = $2 WHERE id = $1', [letterId, feeId]);
}

export async function findClientReferenceLetter(
  db: Queryable,
  clientId: string,
  letterId: string,
): Promise<LetterRow | undefined> {
  const [row] = await db.query<LetterRow>(`${LETTER_SQL} AND l.id = $2`, [clientId, letterId]);
  return row;
}

export async function listClientReferenceLetters(db: Queryable, clientId: string): Promise<LetterRow[]> {
  return db.query<LetterRow>(`${LETTER_SQL} ORDER BY l.created_at DESC LIMIT 50`, [clientId]);
}
