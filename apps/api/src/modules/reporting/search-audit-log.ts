import type { AuditLogEntry, AuditLogQuery } from '@bluepeak/core/backoffice';
import type { LaggingReader } from '../../db/database';
import { accountLabels } from '../accounts';
import {
  type AuditLogRow,
  findPrincipalIdByEmail,
  principalEmails,
  searchAuditLogRows,
} from './audit-log-rows';

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
  const labels = await labelsOf(db, rows);
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map(({ total: _total, occurred_at, ...row }) => {
      const named = namedIds(row);
      const own = [...named.accounts, ...named.principals].filter((id) => labels.has(id));
      return {
        ...row,
        object_label: row.object_label ?? (row.object_id ? (labels.get(row.object_id) ?? null) : null),
        occurred_at: occurred_at.toISOString(),
        labels: Object.fromEntries(own.map((id) => [id, labels.get(id) as string])),
      };
    }),
  };
}

// An account (or account group) is the object of the accounts module's entries, and named in
// details under a key about an account; any other id in details may be a client or an operator.
const ACCOUNT_OBJECTS = new Set(['client_account', 'account_group']);

function namedIds(row: Pick<AuditLogRow, 'object_type' | 'object_id' | 'details'>) {
  const accounts: string[] = [];
  const principals: string[] = [];
  if (row.object_id && row.object_type && ACCOUNT_OBJECTS.has(row.object_type)) accounts.push(row.object_id);
  for (const [key, value] of Object.entries(row.details)) {
    if (typeof value !== 'string') continue;
    if (key.includes('account')) accounts.push(value);
    else if (UUID.test(value)) principals.push(value);
  }
  return { accounts, principals };
}

/** Every id the page's entries name, with what it is: an account's name and IBAN, a person's e-mail. */
async function labelsOf(db: LaggingReader, rows: readonly AuditLogRow[]): Promise<Map<string, string>> {
  const named = rows.map(namedIds);
  const labels = await accountLabels(
    db,
    named.flatMap((ids) => ids.accounts),
  );
  for (const row of await principalEmails(
    db,
    named.flatMap((ids) => ids.principals),
  ))
    labels.set(row.id, row.email);
  return labels;
}
