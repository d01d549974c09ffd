import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import {
  type Actor,
  changeStatus,
  findClientById,
  recordIdentificationReview,
  submitApplicationIfComplete,
} from '../clients';
import { lockIdentificationSubmission } from './client-file-rows';
import { type Reviewer, recordReview } from './record-review';

// An operator's decision on an identity check. Approval clears the identity-check flags and
// moves a private client on to the address step (ON_APPROVAL); rejection asks for a new upload.
export async function reviewIdentification(
  tx: Queryable,
  submissionId: string,
  decision: { approve: boolean; reason: string | undefined },
  reviewer: Reviewer,
): Promise<void> {
  const submission = await lockIdentificationSubmission(tx, submissionId);
  if (!submission) throw notFound('Identification');
  if (submission.status !== 'PENDING')
    throw new AppError('already_reviewed', 'This identification is already decided');
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', {
      detail: 'Say why, so the client can fix it.',
    });
  const client = await findClientById(tx, submission.client_id, true);
  if (!client) throw notFound('Client');
  // A refused renewal of an approved client's document leaves the identity on file verified: the
  // client is told and uploads again (docs/requirements/settings.md, "Identification").
  const renewal =
    client.status === 'APPROVED' && client.has_processed_ondato_identification && !client.ondato_required;
  await recordIdentificationReview(
    tx,
    { submissionId, clientId: client.id },
    {
      status: decision.approve ? 'APPROVED' : 'REJECTED',
      reason: decision.reason ?? null,
      operatorId: reviewer.operatorId,
      at: reviewer.now,
      requireNew: !decision.approve && !renewal,
    },
  );
  await recordReview(tx, {
    reviewer,
    clientId: client.id,
    clientEmail: client.email,
    action: decision.approve ? 'identification_approved' : 'identification_rejected',
    reason: decision.reason,
    details: { submission_id: submissionId },
    message: decision.approve
      ? {
          subject: 'identity verified',
          body: 'Your identity is verified. Please log in to continue your application.',
        }
      : {
          subject: 'please upload your identification again',
          body: 'We could not verify your identity from the documents sent. Please log in and upload them again.',
        },
  });
  if (!decision.approve) return;
  const actor: Actor = operatorActor(reviewer);
  if (client.type === 'PRIVATE' && client.status === 'VERIFIED') {
    await changeStatus(tx, client, ['VERIFIED'], 'ON_APPROVAL', { actor, now: reviewer.now });
  }
  await submitApplicationIfComplete(tx, client.id, { actor, now: reviewer.now });
}
