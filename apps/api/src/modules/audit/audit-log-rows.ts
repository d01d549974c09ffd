import type { Queryable } from '../../db/database';

export type AuditEntry = {
  actorType: 'client' | 'operator' | 'system' | 'anonymous';
  actorId?: string | null;
  action: string;
  objectType?: string | null;
  objectId?: string | null;
  requestId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/**
 * The INSERT of audit entries for a caller that writes one inside a statement of its own (a CTE
 * of a status change, which stays one round trip): `rows` (a SELECT or VALUES) yields, in order,
 * actor_type, actor_id, action, object_type, object_id, request_id, ip and details (jsonb).
 */
export function auditInsertSql(rows: string): string {
  return `INSERT INTO audit_log (actor_type, actor_id, action, object_type, object_id, request_id, ip, details) ${rows}`;
}

/** Records a state change in the caller's transaction, so the change and its record commit together. */
export async function writeAuditEntry(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_type, actor_id, action, object_type, object_id, request_id, ip, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      entry.actorType,
      entry.actorId ?? null,
      entry.action,
      entry.objectType ?? null,
      entry.objectId ?? null,
      entry.requestId ?? null,
      entry.ip ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}
