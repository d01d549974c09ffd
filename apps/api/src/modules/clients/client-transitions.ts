import type { ClientStatus } from '@bluepeak/core';
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
//   corporate: NEW -(phone)-> VERIFIED -(all seven company sections)-> ON_APPROVAL -> APPROVED
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

/** Sends the application for review once the profile is complete (docs/requirements/onboarding.md). */
export async function submitApplicationIfComplete(
  tx: Queryable,
  clientId: string,
  context: { actor: Actor; now: Date },
): Promise<boolean> {
  const client = await findClientById(tx, clientId, true);
  if (!client || client.application_submitted_at) return false;
  const { complete } = await complianceFlagsOf(tx, client);
  if (!complete) return false;
  const ready =
    client.type === 'PRIVATE'
      ? client.status === 'ON_APPROVAL' && client.has_processed_ondato_identification
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
