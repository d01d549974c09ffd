import type { Notification, NotificationKind } from '@bluepeak/core/notifications';
import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';

// Reads and the one change a client makes: marking its notifications viewed. Every query is
// bound to the caller's client id, so no client can reach another's notifications.
type NotificationRow = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  params: Record<string, string | number>;
  created_at: Date | string;
  viewed_at: Date | string | null;
};

const COLUMNS = 'id, kind, title, body, params, created_at, viewed_at';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    params: row.params,
    created_at: new Date(row.created_at).toISOString(),
    viewed: row.viewed_at !== null,
  };
}

export async function listNotifications(
  db: Queryable,
  clientId: string,
  paging: { page: number; limit: number },
) {
  const [count] = await db.query<{ total: number }>(
    'SELECT count(*)::integer AS total FROM client_notifications WHERE client_id = $1',
    [clientId],
  );
  const total = count?.total ?? 0;
  const rows = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM client_notifications WHERE client_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [clientId, paging.limit, (paging.page - 1) * paging.limit],
  );
  return {
    data: rows.map(toNotification),
    meta: { page: paging.page, limit: paging.limit, total, total_pages: Math.ceil(total / paging.limit) },
  };
}

/** The newest unviewed notifications (at most `limit`) and how many there are in all. */
export async function listUnviewedNotifications(db: Queryable, clientId: string, limit: number) {
  const [count] = await db.query<{ total: number }>(
    'SELECT count(*)::integer AS total FROM client_notifications WHERE client_id = $1 AND viewed_at IS NULL',
    [clientId],
  );
  const rows = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM client_notifications WHERE client_id = $1 AND viewed_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [clientId, limit],
  );
  return { data: rows.map(toNotification), meta: { total: count?.total ?? 0 } };
}

/** Marks every unviewed notification of the client viewed; returns how many changed. */
export async function markNotificationsViewed(
  tx: Queryable,
  clientId: string,
  context: { now: Date; requestId: string; ip: string },
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE client_notifications SET viewed_at = $2 WHERE client_id = $1 AND viewed_at IS NULL RETURNING id`,
    [clientId, context.now],
  );
  if (rows.length > 0) {
    await writeAuditEntry(tx, {
      actorType: 'client',
      actorId: clientId,
      action: 'client.notifications_viewed',
      objectType: 'client',
      objectId: clientId,
      requestId: context.requestId,
      ip: context.ip,
      details: { count: rows.length },
    });
  }
  return rows.length;
}
