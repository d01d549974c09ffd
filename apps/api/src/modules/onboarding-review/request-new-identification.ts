import type { ClientRequirementInput } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findClientById, requireNewIdentification } from '../clients';
import { recordClientRequirement } from './record-client-requirement';
import type { Reviewer } from './record-review';
import { clientForRequirement } from './requirement-client';

// The identity check sits with the log-in rules because it answers the same question: who
// is this client? See docs/requirements/onboarding.md, forced redirect 3.

/**
 * A compliance officer asks a client who passed the identity check (ON_APPROVAL or APPROVED)
 * to pass it again. `ondato_required` limits the client to the identification, tickets and
 * settings pages; the earlier check no longer counts, so an unsubmitted application waits
 * for the new one. Approving the new identification (reviewIdentification) clears the flag.
 */
export async function requestNewIdentification(
  tx: Queryable,
  clientId: string,
  request: ClientRequirementInput,
  reviewer: Reviewer,
): Promise<void> {
  const client = await clientForRequirement(tx, clientId, 'request_identification');
  await requireNewIdentification(tx, client.id, reviewer.now);
  await recordClientRequirement(tx, {
    reviewer,
    client,
    action: 'identification_requested',
    reason: request.reason,
    notificationKind: 'documents_requested',
    details: { status: client.status },
    message: {
      subject: 'please verify your identity again',
      body: 'Please log in and upload an identity document and a selfie under Settings, Identification. Until we have checked them, only the identification, messages and settings pages are open.',
    },
  });
}

/**
 * An application is not approved while its client owes a new identity check: that would
 * skip an onboarding step (docs/reliability.md, bad input 14). Unknown clients fall through to
 * the decision's own 404.
 */
export async function refuseWhileIdentificationRequired(tx: Queryable, clientId: string): Promise<void> {
  const client = await findClientById(tx, clientId, true);
  if (client?.status === 'ON_APPROVAL' && client.ondato_required) {
    throw new AppError('identification_required', 'The client must pass the identity check first');
  }
}
