import type { Queryable } from '../../db/database';

// The email_unsubscribes table: one row per address (lower-cased) that asked for no more
// non-essential e-mail.

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
