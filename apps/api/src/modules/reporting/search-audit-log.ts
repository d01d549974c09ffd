import type { AuditLogEntry, AuditLogQuery } from '@bluepeak/core/backoffice';
import type { LaggingReader } from '../../db/database';

// The audit log searched by client, operator and action, newest first, a page at a time. A
// client matches entries about them and entries they made; an operator, entries they made.
// A name that finds nobody gives an empty page, never an error, so nothing can be probed.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolvePrincipal(
  db: LaggingReader,
  table: 'clients' | 'operators',
  term: string | undefined,
): Promise<string | null | undefined> {
  if (term === undefined) return undefined;
  if (UUID.test(term)) return term.toLowerCase();
  const [row] = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${table} WHERE lower(email) = lower($1)`,
    [term],
  );
  return row?.id ?? null;
}

type Row = Omit<AuditLogEntry, 'occurred_at' | 'id'> & { id: number; occurred_at: Date; total: number };

export async function searchAuditLog(
  db: LaggingReader,
  query: AuditLogQuery,
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  const clientId = await resolvePrincipal(db, 'clients', query.client);
  const operatorId = await resolvePrincipal(db, 'operators', query.operator);
  if (clientId === null || operatorId === null) return { entries: [], total: 0 };
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (clientId) {
    const id = bind(clientId);
    conditions.push(
      `((a.object_type = 'client' AND a.object_id = ${id}) OR (a.actor_type = 'client' AND a.actor_id = ${id}))`,
    );
  }
  if (operatorId) conditions.push(`a.actor_type = 'operator' AND a.actor_id = ${bind(operatorId)}`);
  // The action is a prefix; its pattern characters are escaped so `_` is a plain underscore.
  if (query.action) conditions.push(`a.action LIKE ${bind(`${query.action.replace(/_/g, '\\_')}%`)}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const limit = bind(query.limit);
  const offset = bind((query.page - 1) * query.limit);
  const rows = await db.query<Row>(
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
     ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
    values,
  );
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map(({ total: _total, occurred_at, ...row }) => ({
      ...row,
      occurred_at: occurred_at.toISOString(),
    })),
  };
}
