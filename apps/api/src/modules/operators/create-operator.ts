import type { OperatorRole } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { hashPassword, newTotpSecret } from '../auth';
import { insertOperator } from './operator-rows';

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
  const row = await insertOperator(tx, {
    email: operator.email,
    name: operator.name,
    roles: [...operator.roles],
    passwordHash: await hashPassword(operator.password),
    totpSecretSealed: totpSecret && totpBox ? totpBox.seal(totpSecret) : null,
    secondFactor: operator.demoEmailCodes ? 'email' : 'totp',
    isDemo: operator.demoEmailCodes === true,
    invited: operator.invited === true,
  });
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
