import type { OperatorSummary } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { endAllSessions } from '../auth';
import type { AuditActor } from './create-operator';
import {
  findOperatorSummaryRow,
  listOperatorSummaries,
  lockOperator,
  type OperatorSummaryRow,
  setOperatorDisabledAt,
} from './operator-rows';

// Operator management for administrators (docs/requirements/back-office.md): the list and
// deactivation. A new operator is invited (operator-invitations.ts) and enrols its own
// authenticator; only the seeded demo operators receive codes by e-mail (decision 0007).
const toSummary = ({ activated_at, ...row }: OperatorSummaryRow): OperatorSummary => ({
  ...row,
  active: row.disabled_at === null,
  invitation_pending: activated_at === null,
  created_at: row.created_at.toISOString(),
  disabled_at: row.disabled_at?.toISOString() ?? null,
});

export async function listOperators(db: Queryable): Promise<OperatorSummary[]> {
  const rows = await listOperatorSummaries(db);
  return rows.map(toSummary);
}

export async function findOperatorSummary(db: Queryable, id: string): Promise<OperatorSummary | undefined> {
  const row = await findOperatorSummaryRow(db, id);
  return row && toSummary(row);
}

/** Deactivates an operator: no more log-ins, every open session ends now. */
export async function deactivateOperator(
  tx: Queryable,
  operatorId: string,
  reason: string,
  actor: AuditActor & { actorId: string },
  now: Date,
): Promise<OperatorSummary> {
  const row = await lockOperator(tx, operatorId);
  if (!row) throw notFound('Operator');
  if (operatorId === actor.actorId)
    throw new AppError('cannot_deactivate_self', 'You cannot deactivate yourself');
  if (row.disabled_at) throw new AppError('already_deactivated', 'This operator is already deactivated');
  await setOperatorDisabledAt(tx, operatorId, now);
  await endAllSessions(tx, { type: 'operator', id: operatorId }, 'revoked', now);
  await writeAuditEntry(tx, {
    ...actor,
    action: 'operator.deactivated',
    objectType: 'operator',
    objectId: operatorId,
    details: { reason },
  });
  const summary = await findOperatorSummary(tx, operatorId);
  if (!summary) throw new Error('deactivated operator not found');
  return summary;
}
