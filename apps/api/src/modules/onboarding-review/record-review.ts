import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { writeAuditEntry } from '../audit';
import { decisionMessage } from '../auth';
import { notifyClient } from '../notifications';
import { enqueueMessage } from '../outbox';
import { insertOperatorReview } from './client-file-rows';

export type ReviewAction =
  | 'identification_approved'
  | 'identification_rejected'
  | 'application_approved'
  | 'application_rejected'
  | 'data_update_requested'
  | 'data_update_accepted'
  | 'document_accepted'
  | 'document_rejected';

export type Reviewer = { operatorId: string; requestId: string; ip: string; now: Date };

/** Who decided what about which client, when and why: a review row, an audit entry and the client's e-mail. */
export async function recordReview(
  tx: Queryable,
  review: {
    reviewer: Reviewer;
    clientId: string;
    clientEmail: string;
    action: ReviewAction;
    reason: string | undefined;
    details?: Record<string, unknown>;
    message: { subject: string; body: string };
  },
): Promise<void> {
  const { reviewer } = review;
  await insertOperatorReview(tx, {
    clientId: review.clientId,
    operatorId: reviewer.operatorId,
    action: review.action,
    reason: review.reason ?? null,
    details: review.details ?? {},
    now: reviewer.now,
  });
  await writeAuditEntry(tx, {
    ...operatorActor(reviewer),
    action: `operator.${review.action}`,
    objectType: 'client',
    objectId: review.clientId,
    details: { reason: review.reason ?? null, ...review.details },
  });
  const reasonLine = review.reason ? `\n\nReason: ${review.reason}` : '';
  // The dashboard's notifications panel hears of every decision too (docs/requirements/accounts.md).
  await notifyClient(tx, {
    clientId: review.clientId,
    kind: review.action,
    title: review.message.subject.replace(/^./, (first) => first.toUpperCase()),
    body: `${review.message.body}${reasonLine}`,
    params: review.reason ? { reason: review.reason } : {},
    createdAt: reviewer.now,
  });
  await enqueueMessage(
    tx,
    decisionMessage(review.clientEmail, review.message.subject, `${review.message.body}${reasonLine}`),
  );
}
