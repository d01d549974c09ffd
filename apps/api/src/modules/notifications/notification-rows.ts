import type { NotificationKind } from '@bluepeak/core/notifications';
import type { Queryable } from '../../db/database';

// The client_notifications table. Every read and change is bound to the caller's client id, so no
// client can reach another's notifications.
export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  params: Record<string, string | number>;
  created_at: Date | string;
  viewed_at: Date | string | null;
};

const COLUMNS = 'id, kind, title, body, params, created_at, viewed_at';

/**
 * The INSERT of notifications for a caller that writes them inside a statement of its own (a CTE
 * of a status change, which stays one round trip): `rows` (a SELECT or VALUES) yields, in order,
 * client_id, kind, title, body (as notificationText gives them) and params (jsonb); they are
 * written at the statement's now().
 */
export function notificationInsertSql(rows: string): string {
  return `INSERT INTO client_notifications (client_id, kind, title, body, params) ${rows}`;
}

/** Writes one notification at `createdAt`, or at the database's now() when it is null. */
export async function insertNotification(
  tx: Queryable,
  input: {
    clientId: string;
    kind: NotificationKind;
    title: string;
    body: string;
    params: string;
    createdAt: Date | null;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO client_notifications (client_id, kind, title, body, params, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, coalesce($6::timestamptz, now())) RETURNING id`,
    [input.clientId, input.kind, input.title, input.body, input.params, input.createdAt],
  );
  return row;
}

export async function countClientNotifications(
  db: Queryable,
  clientId: string,
): Promise<{ total: number } | undefined> {
  const [count] = await db.query<{ total: number }>(
    'SELECT count(*)::integer AS total FROM client_notifications WHERE client_id = $1',
    [clientId],
  );
  return count;
}

/** A page of the client's notifications, newest first. */
export function listClientNotifications(
  db: Queryable,
  clientId: string,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM client_notifications WHERE client_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [clientId, page.limit, page.offset],
  );
}

export async function countUnviewedNotifications(
  db: Queryable,
  clientId: string,
): Promise<{ total: number } | undefined> {
  const [count] = await db.query<{ total: number }>(
    'SELECT count(*)::integer AS total FROM client_notifications WHERE client_id = $1 AND viewed_at IS NULL',
    [clientId],
  );
  return count;
}

/** The newest unviewed notifications of the client, at most `limit`. */
export function listUnviewedNotificationRows(
  db: Queryable,
  clientId: string,
  limit: number,
): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM client_notifications WHERE client_id = $1 AND viewed_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [clientId, limit],
  );
}

/** Marks every unviewed notification of the client viewed at `now`; returns the ids it changed. */
export function setNotificationsViewed(
  tx: Queryable,
  clientId: string,
  now: Date,
): Promise<{ id: string }[]> {
  return tx.query<{ id: string }>(
    `UPDATE client_notifications SET viewed_at = $2 WHERE client_id = $1 AND viewed_at IS NULL RETURNING id`,
    [clientId, now],
  );
}
