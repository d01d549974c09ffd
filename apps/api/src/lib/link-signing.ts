import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';

// Links in e-mails that act without a log-in (unsubscribe) carry an HMAC of what they act on,
// so nobody can unsubscribe someone else by editing the address. The key comes from
// APP_SECRET, or is made once per installation and kept in the database (never in the repo).
const SECRET_STATE_KEY = 'link_signing_secret';

export async function loadLinkSigningKey(db: Queryable, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const fresh = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO app_state (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT (key) DO NOTHING`,
    [SECRET_STATE_KEY, fresh],
  );
  const [row] = await db.query<{ value: string }>(
    'SELECT value #>> $2 AS value FROM app_state WHERE key = $1',
    [SECRET_STATE_KEY, '{}'],
  );
  if (!row) throw new Error('link signing key missing');
  return Buffer.from(row.value, 'utf8');
}

export function signLink(key: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url');
}

export function verifyLink(key: Buffer, purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signLink(key, purpose, value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
