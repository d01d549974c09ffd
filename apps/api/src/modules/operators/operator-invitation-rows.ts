import type { Queryable } from '../../db/database';

/** An open invitation with the invited operator it is for. */
export type InvitationRow = {
  invitation_id: string;
  operator_id: string;
  email: string;
  name: string;
  totp_secret_encrypted: string;
  expires_at: Date;
};

export async function insertOperatorInvitation(
  tx: Queryable,
  operatorId: string,
  tokenHash: Buffer,
  expiresAt: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO operator_invitations (operator_id, token_hash, expires_at) VALUES ($1, $2, $3)',
    [operatorId, tokenHash, expiresAt],
  );
}

/**
 * The invitation of this link secret's hash while it can still be used: unused, unexpired, for an
 * operator neither deactivated nor active yet. `lock` holds the invitation until the transaction ends.
 */
export async function findOpenInvitation(
  tx: Queryable,
  tokenHash: Buffer,
  now: Date,
  lock = false,
): Promise<InvitationRow | undefined> {
  const [row] = await tx.query<InvitationRow>(
    `SELECT i.id AS invitation_id, o.id AS operator_id, o.email, o.name, o.totp_secret_encrypted, i.expires_at
     FROM operator_invitations i JOIN operators o ON o.id = i.operator_id
     WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2 AND o.disabled_at IS NULL
       AND o.activated_at IS NULL${lock ? ' FOR UPDATE OF i' : ''}`,
    [tokenHash, now],
  );
  return row;
}

export async function setInvitationUsedAt(tx: Queryable, invitationId: string, usedAt: Date): Promise<void> {
  await tx.query('UPDATE operator_invitations SET used_at = $2 WHERE id = $1', [invitationId, usedAt]);
}
