import type { Queryable } from '../../db/database';
import { signLink } from '../../lib/link-signing';

const PURPOSE = 'email-unsubscribe';

/** The signed link every non-essential e-mail carries (docs/requirements/public-site.md). */
export function unsubscribeLink(publicUrl: string, key: Buffer, email: string): string {
  const address = email.trim().toLowerCase();
  const query = new URLSearchParams({ email: address, signature: signLink(key, PURPOSE, address) });
  return `${publicUrl}/#/email-unsubscribe?${query.toString()}`;
}

export const UNSUBSCRIBE_PURPOSE = PURPOSE;

export async function isUnsubscribed(tx: Queryable, email: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM email_unsubscribes WHERE email_lower = lower($1)', [
    email.trim(),
  ]);
  return rows.length > 0;
}

/** Records the choice; false when the address had already unsubscribed. */
export async function unsubscribeEmail(tx: Queryable, emailLower: string): Promise<boolean> {
  const inserted = await tx.query(
    'INSERT INTO email_unsubscribes (email_lower) VALUES ($1) ON CONFLICT DO NOTHING RETURNING email_lower',
    [emailLower],
  );
  return inserted.length > 0;
}
