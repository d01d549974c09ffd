import type { ClientStatus } from '@bluepeak/core';
import { applicationGapsOf } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { decisionMessage } from '../auth';
import { enqueueMessage } from '../outbox';
import { complianceFlagsOf } from './client-record';
import { type ClientRow, findClientById, markApplicationSubmitted, setClientStatus } from './client-rows';

// The onboarding state machine (docs/requirements/onboarding.md):
//   private:   NEW -(phone)-> VERIFIED -(identification approved)-> ON_APPROVAL -(address:
//              submitted)-> APPROVED or REJECTED by an operator
//   corporate: NEW -(phone)-> VERIFIED -(all seven company sections and the identification
//              approved, in either order)-> ON_APPROVAL -> APPROVED
// Every change is audited with who did it and why.
export type Actor = Pick<AuditEntry, 'actorType' | 'actorId' | 'requestId' | 'ip'>;

export async function changeStatus(
  tx: Queryable,
  client: ClientRow,
  allowedFrom: readonly ClientStatus[],
  to: ClientStatus,
  change: { actor: Actor; now: Date; reason?: string | undefined },
): Promise<void> {
  if (!allowedFrom.includes(client.status)) {
    throw new AppError('invalid_status', `This is not possible while the client is ${client.status}`);
  }
  await setClientStatus(tx, client.id, to, change.now);
  await writeAuditEntry(tx, {
    ...change.actor,
    action: 'client.status_changed',
    objectType: 'client',
    objectId: client.id,
    details: { from: client.status, to, ...(change.reason ? { reason: change.reason } : {}) },
  });
}

/**
 * Sends the application for review once it holds everything an approval needs
 * (docs/requirements/onboarding.md): the one rule of core's applicationGapsOf, which the
 * operator's approval reads too, so nothing is submitted that cannot be approved. A business is
 * submitted once its identity check is approved, as a private client is.
 */
export async function submitApplicationIfComplete(
  tx: Queryable,
  clientId: string,
  context: { actor: Actor; now: Date },
): Promise<boolean> {
  const client = await findClientById(tx, clientId, true);
  if (!client || client.application_submitted_at) return false;
  const { flags } = await complianceFlagsOf(tx, client);
  const gaps = applicationGapsOf({
    type: client.type,
    submitted: true,
    has_processed_ondato_identification: client.has_processed_ondato_identification,
    ondato_required: client.ondato_required,
    ...flags,
  });
  if (gaps.length > 0) return false;
  const ready =
    client.type === 'PRIVATE'
      ? client.status === 'ON_APPROVAL'
      : client.status === 'VERIFIED' || client.status === 'ON_APPROVAL';
  if (!ready) return false;
  if (client.status !== 'ON_APPROVAL') await changeStatus(tx, client, ['VERIFIED'], 'ON_APPROVAL', context);
  await markApplicationSubmitted(tx, client.id, context.now);
  await writeAuditEntry(tx, {
    ...context.actor,
    action: 'client.application_submitted',
    objectType: 'client',
    objectId: client.id,
  });
  await enqueueMessage(
    tx,
    decisionMessage(
      client.email,
      'your application is with us',
      'Thank you: your application is complete and our compliance team is reviewing it. We will write to you when it is decided.',
    ),
  );
  return true;
}
