import type { NotificationKind } from '@bluepeak/core/notifications';
import type { Queryable } from '../../db/database';
import { insertNotification } from './notification-rows';

// Notifications are written by the event itself, inside the transaction that makes the
// change, so a client is told about exactly the changes that committed. Callers pass the
// English text (as for the e-mail of the same event) and the parameters the web app needs to
// say it in the reader's language.
export type NotifyClientInput = {
  clientId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  params?: Record<string, string | number>;
  /** When it happened; defaults to the database's now(). The demo seed backdates its history. */
  createdAt?: Date;
};

const MAX_TITLE = 200;
const MAX_BODY = 2000;

/** The title and body as stored; callers that write the row in a statement of their own use it too. */
export function notificationText(input: Pick<NotifyClientInput, 'title' | 'body'>) {
  const title = input.title.trim().slice(0, MAX_TITLE);
  const body = input.body.trim().slice(0, MAX_BODY);
  if (title === '' || body === '') throw new Error('A notification needs a title and a body');
  return { title, body };
}

export async function notifyClient(tx: Queryable, input: NotifyClientInput): Promise<string> {
  const { title, body } = notificationText(input);
  const row = await insertNotification(tx, {
    clientId: input.clientId,
    kind: input.kind,
    title,
    body,
    params: JSON.stringify(input.params ?? {}),
    createdAt: input.createdAt ?? null,
  });
  if (!row) throw new Error('notification insert returned no row');
  return row.id;
}
