import type { ClientRequirementRefusal } from '@bluepeak/core/backoffice';
import type { NotificationKind } from '@bluepeak/core/notifications';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { decisionMessage } from '../auth';
import { notifyClient } from '../notifications';
import { enqueueMessage } from '../outbox';
import { insertOperatorReview } from './client-file-rows';
import type { Reviewer } from './record-review';

// A requirement an operator places on a client is recorded like a review decision: a row in
// the record's history, an audit entry (who, what, when, why), a notification and an e-mail.
// recordReview does the same for the decisions whose action names it knows.
export type ClientRequirementAction = 'password_change_required' | 'identification_requested';

export async function recordClientRequirement(
  tx: Queryable,
  requirement: {
    reviewer: Reviewer;
    client: { id: string; email: string };
    action: ClientRequirementAction;
    reason: string;
    /** The nearest kind the notifications panel knows (core's notificationKinds). */
    notificationKind: NotificationKind;
    details?: Record<string, unknown>;
    message: { subject: string; body: string };
  },
): Promise<void> {
  const { reviewer, client, reason } = requirement;
  await insertOperatorReview(tx, {
    clientId: client.id,
    operatorId: reviewer.operatorId,
    action: requirement.action,
    reason,
    details: requirement.details ?? {},
    now: reviewer.now,
  });
  await writeAuditEntry(tx, {
    ...operatorActor(reviewer),
    action: `operator.${requirement.action}`,
    objectType: 'client',
    objectId: client.id,
    details: { reason, at: reviewer.now.toISOString(), ...requirement.details },
  });
  const text = `${requirement.message.body}\n\nReason: ${reason}`;
  await notifyClient(tx, {
    clientId: client.id,
    kind: requirement.notificationKind,
    title: requirement.message.subject.replace(/^./, (first) => first.toUpperCase()),
    body: text,
    params: { reason },
    createdAt: reviewer.now,
  });
  await enqueueMessage(tx, decisionMessage(client.email, requirement.message.subject, text));
}

const REFUSAL_MESSAGES: Record<ClientRequirementRefusal, string> = {
  invalid_status: 'This is not possible at the client’s status',
  already_required: 'The client has this to do already',
  identification_pending: 'An identification is waiting for review; decide it first',
};

/** Throws the 409 for a refusal from core's clientRequirementRefusal. */
export function refuseRequirement(refusal: ClientRequirementRefusal | null): void {
  if (refusal) throw new AppError(refusal, REFUSAL_MESSAGES[refusal]);
}
