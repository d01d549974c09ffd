import type { AuditLogEntry } from '@bluepeak/core/backoffice';
import type { LaggingReader } from '../../db/database';

// Reads of the audit log for its search (search-audit-log.ts): who a name is, and a page of
// entries with the e-mails of the actors and objects they name.

/** The id of the client or operator with this e-mail, as text. */
export async function findPrincipalIdByEmail(
  db: LaggingReader,
  table: 'clients' | 'operators',
  email: string,
) {
  const [row] = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${table} WHERE lower(email) = lower($1)`,
    [email],
  );
  return row;
}

/** The e-mail of each client or operator among `ids` (uuids), by id; others are left out. */
export async function principalEmails(db: LaggingReader, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.query<{ id: string; email: string }>(
    `SELECT id::text AS id, email FROM clients WHERE id = ANY($1::uuid[])
     UNION ALL SELECT id::text AS id, email FROM operators WHERE id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
}

export type AuditLogRow = Omit<AuditLogEntry, 'occurred_at' | 'id' | 'labels'> & {
  id: number;
  occurred_at: Date;
  total: number;
};

/** A page of entries, newest first; each row carries the total of entries that match. */
export async function searchAuditLogRows(
  db: LaggingReader,
  filter: {
    clientId: string | undefined;
    operatorId: string | undefined;
    action: string | undefined;
    page: number;
    limit: number;
  },
): Promise<AuditLogRow[]> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filter.clientId) {
    const id = bind(filter.clientId);
    conditions.push(
      `((a.object_type = 'client' AND a.object_id = ${id}) OR (a.actor_type = 'client' AND a.actor_id = ${id}))`,
    );
  }
  if (filter.operatorId)
    conditions.push(`a.actor_type = 'operator' AND a.actor_id = ${bind(filter.operatorId)}`);
  // The action is a prefix; its pattern characters are escaped so `_` is a plain underscore.
  if (filter.action) conditions.push(`a.action LIKE ${bind(`${filter.action.replace(/_/g, '\\_')}%`)}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const limit = bind(filter.limit);
  const offset = bind((filter.page - 1) * filter.limit);
  return db.query<AuditLogRow>(
    `SELECT a.id::int AS id, a.occurred_at, a.actor_type, a.actor_id, a.action, a.object_type, a.object_id,
       a.request_id, a.ip, a.details,
       CASE a.actor_type WHEN 'operator' THEN actor_operator.email WHEN 'client' THEN actor_client.email END AS actor_label,
       CASE a.object_type WHEN 'client' THEN object_client.email WHEN 'operator' THEN object_operator.email END
         AS object_label,
       count(*) OVER ()::int AS total
     FROM audit_log a
     LEFT JOIN operators actor_operator ON a.actor_type = 'operator' AND actor_operator.id::text = a.actor_id
     LEFT JOIN clients actor_client ON a.actor_type = 'client' AND actor_client.id::text = a.actor_id
     LEFT JOIN clients object_client ON a.object_type = 'client' AND object_client.id::text = a.object_id
     LEFT JOIN operators object_operator ON a.object_type = 'operator' AND object_operator.id::text = a.object_id
     ${where}
     ORDER BY a.occurred_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`,
    values,
  );
}
