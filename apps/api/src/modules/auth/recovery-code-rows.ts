import type { Queryable } from '../../db/database';
import type { SessionPrincipal } from './session-rows';

// The `recovery_codes` table: only each code's hash, bound to its owner (recovery-codes.ts).
const ownerColumn = (principal: SessionPrincipal) =>
  principal.type === 'client' ? 'client_id' : 'operator_id';

/** The principal's codes become `hashes`: every earlier one, used or not, is deleted. */
export async function replaceRecoveryCodeRows(
  tx: Queryable,
  principal: SessionPrincipal,
  hashes: Buffer[],
  now: Date,
): Promise<void> {
  await deleteRecoveryCodeRows(tx, principal);
  await tx.query(
    `INSERT INTO recovery_codes (principal_type, client_id, operator_id, code_hash, created_at)
     SELECT $1, $2, $3, decode(hash, 'hex'), $5 FROM unnest($4::text[]) AS hash`,
    [
      principal.type,
      principal.type === 'client' ? principal.id : null,
      principal.type === 'operator' ? principal.id : null,
      // Hex text: both drivers pass a text array alike, where an array of bytes is not portable.
      hashes.map((hash) => hash.toString('hex')),
      now,
    ],
  );
}

export async function deleteRecoveryCodeRows(tx: Queryable, principal: SessionPrincipal): Promise<void> {
  await tx.query(`DELETE FROM recovery_codes WHERE ${ownerColumn(principal)} = $1`, [principal.id]);
}

/** The id of the principal's unused code with this hash, if there is one. */
export async function findUnusedRecoveryCode(
  db: Queryable,
  principal: SessionPrincipal,
  hash: Buffer,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM recovery_codes WHERE ${ownerColumn(principal)} = $1 AND code_hash = $2 AND used_at IS NULL`,
    [principal.id, hash],
  );
  return row?.id;
}

/**
 * Marks the code used, only if it still is not: of two log-ins racing with one code, the second
 * finds nothing (null). Answers how many of the owner's codes are left unused; the count reads the
 * table as it was before this statement, hence the code itself left out.
 */
export async function markRecoveryCodeUsed(
  tx: Queryable,
  principal: SessionPrincipal,
  id: string,
  now: Date,
): Promise<number | null> {
  const column = ownerColumn(principal);
  const [row] = await tx.query<{ remaining: number }>(
    `UPDATE recovery_codes SET used_at = $3 WHERE id = $2 AND ${column} = $1 AND used_at IS NULL
     RETURNING (SELECT count(*)::int FROM recovery_codes other
                 WHERE other.${column} = $1 AND other.used_at IS NULL AND other.id <> $2) AS remaining`,
    [principal.id, id, now],
  );
  return row ? row.remaining : null;
}

export async function countUnusedRecoveryCodes(db: Queryable, principal: SessionPrincipal): Promise<number> {
  const [row] = await db.query<{ remaining: number }>(
    `SELECT count(*)::int AS remaining FROM recovery_codes WHERE ${ownerColumn(principal)} = $1 AND used_at IS NULL`,
    [principal.id],
  );
  return row?.remaining ?? 0;
}
