import type { AuditLogEntry, AuditLogQuery } from '@bluepeak/core/backoffice';
import type { LaggingReader } from '../../db/database';
import { findPrincipalIdByEmail, searchAuditLogRows } from './audit-log-rows';

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
  const row = await findPrincipalIdByEmail(db, table, term);
  return row?.id ?? null;
}

export async function searchAuditLog(
  db: LaggingReader,
  query: AuditLogQuery,
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  const clientId = await resolvePrincipal(db, 'clients', query.client);
  const operatorId = await resolvePrincipal(db, 'operators', query.operator);
  if (clientId === null || operatorId === null) return { entries: [], total: 0 };
  const rows = await searchAuditLogRows(db, {
    clientId,
    operatorId,
    action: query.action,
    page: query.page,
    limit: query.limit,
  });
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map(({ total: _total, occurred_at, ...row }) => ({
      ...row,
      occurred_at: occurred_at.toISOString(),
    })),
  };
}
