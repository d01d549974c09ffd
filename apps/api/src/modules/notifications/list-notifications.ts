import type { Notification } from '@bluepeak/core/notifications';
import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import {
  countClientNotifications,
  countUnviewedNotifications,
  listClientNotifications,
  listUnviewedNotificationRows,
  type NotificationRow,
  setNotificationsViewed,
} from './notification-rows';

// Reads and the one change a client makes: marking its notifications viewed.

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
  const count = await countClientNotifications(db, clientId);
  const total = count?.total ?? 0;
  const rows = await listClientNotifications(db, clientId, {
    limit: paging.limit,
    offset: (paging.page - 1) * paging.limit,
  });
  return {
    data: rows.map(toNotification),
    meta: { page: paging.page, limit: paging.limit, total, total_pages: Math.ceil(total / paging.limit) },
  };
}

/** The newest unviewed notifications (at most `limit`) and how many there are in all. */
export async function listUnviewedNotifications(db: Queryable, clientId: string, limit: number) {
  const count = await countUnviewedNotifications(db, clientId);
  const rows = await listUnviewedNotificationRows(db, clientId, limit);
  return { data: rows.map(toNotification), meta: { total: count?.total ?? 0 } };
}

/** Marks every unviewed notification of the client viewed; returns how many changed. */
export async function markNotificationsViewed(
  tx: Queryable,
  clientId: string,
  context: { now: Date; requestId: string; ip: string },
): Promise<number> {
  const rows = await setNotificationsViewed(tx, clientId, context.now);
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
