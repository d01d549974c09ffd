import type { OperatorRole } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { hashPassword, newTotpSecret } from '../auth';

/** Who creates the operator: the command line (system) or an administrator. */
export type AuditActor = Pick<AuditEntry, 'actorType' | 'actorId' | 'requestId' | 'ip'>;

export type NewOperator = {
  email: string;
  name: string;
  roles: readonly OperatorRole[];
  password: string;
  /** Demo operators only: codes by e-mail, not an authenticator (docs/requirements/api-contract.md). */
  demoEmailCodes?: boolean;
  /** A given TOTP secret (base32); a fresh one otherwise. */
  totpSecret?: string;
  /** Invited by an administrator: cannot log in until the invitation is accepted. */
  invited?: boolean;
};

/**
 * Creates an operator with a TOTP secret and returns the secret once, for the authenticator
 * app. Demo operators with e-mail codes get none.
 */
export async function createOperator(
  tx: Queryable,
  operator: NewOperator,
  totpBox: SecretBox | null,
  actor: AuditActor = { actorType: 'system' },
): Promise<{ id: string; totpSecret: string | null }> {
  const totpSecret = operator.demoEmailCodes ? null : (operator.totpSecret ?? newTotpSecret());
  if (totpSecret && !totpBox) throw new Error('a TOTP secret needs the secret box to be stored');
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO operators (email, name, roles, password_hash, totp_secret_encrypted, second_factor, is_demo,
       activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN NULL ELSE now() END) RETURNING id`,
    [
      operator.email,
      operator.name,
      [...operator.roles],
      await hashPassword(operator.password),
      totpSecret && totpBox ? totpBox.seal(totpSecret) : null,
      operator.demoEmailCodes ? 'email' : 'totp',
      operator.demoEmailCodes === true,
      operator.invited === true,
    ],
  );
  if (!row) throw new Error('operator insert returned no row');
  await writeAuditEntry(tx, {
    ...actor,
    action: 'operator.created',
    objectType: 'operator',
    objectId: row.id,
    details: { roles: operator.roles, email: operator.email },
  });
  return { id: row.id, totpSecret };
}
