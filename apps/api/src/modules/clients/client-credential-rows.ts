import type { Queryable } from '../../db/database';

// The client's log-in details on its clients row: the e-mail address and phone number it logs in
// with, their confirmation, its password and its second factor. Each runs in the caller's
// transaction, beside the notice and the audit entry the caller writes.

export async function confirmClientEmail(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query('UPDATE clients SET email_confirmed_at = $2, updated_at = $2 WHERE id = $1', [
    clientId,
    now,
  ]);
}

/** Confirms the address unless it was confirmed before (the first confirmation's time stays). */
export async function confirmClientEmailOnce(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query('UPDATE clients SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1', [
    clientId,
    now,
  ]);
}

/** The number is verified; a private client then needs the identity check. */
export async function markPhoneVerified(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query(
    'UPDATE clients SET phone_verified_at = $2, ondato_required = (type = $3), updated_at = $2 WHERE id = $1',
    [clientId, now, 'PRIVATE'],
  );
}

/** A new log-in number, verified by the code sent to it. */
export async function setClientPhone(
  tx: Queryable,
  clientId: string,
  phone: string,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE clients SET phone = $2, phone_verified_at = $3, updated_at = $3 WHERE id = $1', [
    clientId,
    phone,
    now,
  ]);
}

/** The sign-up number corrected while it is not verified: nothing changes once it is. */
export async function correctUnverifiedPhone(
  tx: Queryable,
  clientId: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    'UPDATE clients SET phone = $2, updated_at = $3 WHERE id = $1 AND phone_verified_at IS NULL RETURNING id',
    [clientId, phone, now],
  );
  return rows.length === 1;
}

/** A new log-in address, confirmed by the code sent to it; throws on the unique index if taken. */
export async function setClientEmail(
  tx: Queryable,
  clientId: string,
  email: string,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE clients SET email = $2, email_confirmed_at = $3, updated_at = $3 WHERE id = $1', [
    clientId,
    email,
    now,
  ]);
}

/** Whether another client logs in with this address (in any case). */
export async function addressTaken(tx: Queryable, clientId: string, email: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM clients WHERE lower(email) = lower($1) AND id <> $2', [
    email,
    clientId,
  ]);
  return rows.length > 0;
}

/** A new password, which also clears any forced change. */
export async function setPasswordHash(
  tx: Queryable,
  clientId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE clients SET password_hash = $2, password_changed_at = $3, password_change_required = false,
       updated_at = $3 WHERE id = $1`,
    [clientId, passwordHash, now],
  );
}

/** A new authenticator's sealed secret, kept aside until `until` for its first code. */
export async function setPendingTotp(
  tx: Queryable,
  clientId: string,
  sealedSecret: string,
  until: Date,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE clients SET totp_pending_secret_encrypted = $2, totp_pending_until = $3, updated_at = $4 WHERE id = $1`,
    [clientId, sealedSecret, until, now],
  );
}

/**
 * The pending authenticator becomes the second factor, at the time step of its first code; false
 * when the pending secret is no longer `pending` (replaced or finished meanwhile).
 */
export async function promotePendingTotp(
  tx: Queryable,
  clientId: string,
  now: Date,
  step: number,
  pending: string,
): Promise<boolean> {
  const [moved] = await tx.query(
    `UPDATE clients SET totp_secret_encrypted = totp_pending_secret_encrypted, totp_confirmed_at = $2,
         totp_last_counter = $3, second_factor = 'totp', totp_pending_secret_encrypted = NULL,
         totp_pending_until = NULL, updated_at = $2
       WHERE id = $1 AND totp_pending_secret_encrypted = $4 RETURNING id`,
    [clientId, now, step, pending],
  );
  return moved !== undefined;
}

/** Codes by e-mail or SMS; the authenticator app, working or pending, is removed. */
export async function setCodeChannel(
  tx: Queryable,
  clientId: string,
  factor: 'email' | 'sms',
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE clients SET second_factor = $2, totp_secret_encrypted = NULL, totp_confirmed_at = NULL,
         totp_last_counter = NULL, totp_pending_secret_encrypted = NULL, totp_pending_until = NULL, updated_at = $3
       WHERE id = $1`,
    [clientId, factor, now],
  );
}
