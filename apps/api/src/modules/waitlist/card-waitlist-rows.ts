import type { Queryable } from '../../db/database';

/** Adds the address with its consent; an address already on the list yields no row. */
export async function insertCardWaitlistEntry(
  tx: Queryable,
  email: string,
  locale: string,
): Promise<{ id: string } | undefined> {
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO card_waitlist (email, locale, consent_given_at) VALUES ($1, $2, now())
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [email, locale],
  );
  return inserted[0];
}
