import type { UpdateRequireFlag } from '@bluepeak/core';
import { applicationGapsOf } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import {
  buildClientRecord,
  changeStatus,
  findClientById,
  recordApplicationDecision,
  requireDataUpdate,
} from '../clients';
import { onClientApproved } from './on-client-approved';
import { type Reviewer, recordReview } from './record-review';

// An operator's decision on a submitted application (ON_APPROVAL), and requests for a data
// update. Approving an application that was never completed is refused: no step is skipped.
export async function decideApplication(
  tx: Queryable,
  clientId: string,
  decision: { approve: boolean; reason: string | undefined },
  reviewer: Reviewer,
): Promise<void> {
  const client = await findClientById(tx, clientId, true);
  if (!client) throw notFound('Client');
  if (client.status !== 'ON_APPROVAL' || !client.application_submitted_at) {
    throw new AppError(
      'application_not_submitted',
      'This application is not complete and submitted for review',
    );
  }
  if (decision.approve) {
    const record = await buildClientRecord(tx, client);
    const gaps = applicationGapsOf({ ...record, submitted: true });
    if (gaps.length > 0)
      throw new AppError('application_incomplete', 'This application still lacks something', {
        detail: `Missing before approval: ${gaps.join(', ')}.`,
      });
  }
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', {
      detail: 'A rejection needs a reason.',
    });
  const actor = operatorActor(reviewer);
  await changeStatus(tx, client, ['ON_APPROVAL'], decision.approve ? 'APPROVED' : 'REJECTED', {
    actor,
    now: reviewer.now,
    reason: decision.reason,
  });
  await recordApplicationDecision(tx, client.id, reviewer.now, decision.reason ?? null);
  await recordReview(tx, {
    reviewer,
    clientId: client.id,
    clientEmail: client.email,
    action: decision.approve ? 'application_approved' : 'application_rejected',
    reason: decision.reason,
    message: decision.approve
      ? {
          subject: 'your account is open',
          body: 'Your application is approved and your accounts are open. Welcome!',
        }
      : { subject: 'your application', body: 'We are sorry: we cannot open an account for you.' },
  });
  if (decision.approve) await onClientApproved(tx, client.id);
}

export async function requestDataUpdate(
  tx: Queryable,
  clientId: string,
  request: { flags: readonly UpdateRequireFlag[]; reason: string },
  reviewer: Reviewer,
): Promise<void> {
  const client = await findClientById(tx, clientId, true);
  if (!client) throw notFound('Client');
  if (client.status === 'NEW')
    throw new AppError('invalid_status', 'The client has not verified their phone yet');
  await requireDataUpdate(tx, client.id, request.flags, reviewer.now);
  await recordReview(tx, {
    reviewer,
    clientId: client.id,
    clientEmail: client.email,
    action: 'data_update_requested',
    reason: request.reason,
    details: { flags: request.flags },
    message: {
      subject: 'please update your details',
      body: 'Please log in and check that your details are up to date.',
    },
  });
}
