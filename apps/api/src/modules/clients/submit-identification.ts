import type { Attachment } from '@bluepeak/core';
import { identityDateProblems } from '@bluepeak/core/onboarding';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { type AttachmentStorage, checkAttachments } from '../attachments';
import { writeAuditEntry } from '../audit';
import { findClientById } from './client-rows';
import type { Actor } from './client-transitions';
import {
  type IdentificationFields,
  insertIdentificationSubmission,
  markIdentificationActive,
} from './identification-rows';
import { storeDocuments } from './store-documents';

// The identity check (docs/requirements/onboarding.md): documents and a selfie wait for an
// operator's review, which an identity-verification provider can replace later behind the same
// submission record.
export async function submitIdentification(
  db: Database,
  storage: AttachmentStorage,
  clientId: string,
  input: IdentificationFields & { attachments: Attachment[] },
  context: { now: Date; actor: Actor },
): Promise<{ id: string; status: 'PENDING' }> {
  // Well-formed dates that say something impossible or disqualifying are facts, not typos: 422.
  const problems = identityDateProblems(input, context.now);
  const [first] = problems;
  if (first) {
    throw new AppError('identity_dates_refused', first.message, {
      detail: problems.map((problem) => problem.message).join('. '),
      errors: problems.map((problem) => ({
        field: problem.field,
        code: 'refused',
        message: problem.message,
      })),
    });
  }
  const files = await checkAttachments(input.attachments);
  return withTransaction(db, async (tx) => {
    const client = await findClientById(tx, clientId, true);
    if (!client) throw new AppError('session_ended', 'Please log in again');
    if (client.status === 'NEW') throw new AppError('phone_not_verified', 'Please verify your phone first');
    if (client.ondato_has_active_identification) {
      throw new AppError('identification_pending', 'Your identification is already being reviewed');
    }
    // An approved client renews its document from the settings (docs/requirements/settings.md,
    // "Identification"); before approval a verified identity is not sent again.
    const renewal = client.has_processed_ondato_identification && !client.ondato_required;
    if (renewal && client.status !== 'APPROVED') {
      throw new AppError('identification_done', 'Your identity is already verified');
    }
    const submission = await insertIdentificationSubmission(tx, client.id, input, context.now);
    if (!submission) throw new Error('identification insert returned no row');
    const documentIds = await storeDocuments(tx, storage, client.id, files, submission.id);
    await markIdentificationActive(tx, client.id, context.now);
    await writeAuditEntry(tx, {
      ...context.actor,
      action: 'client.identification_submitted',
      objectType: 'identification',
      objectId: submission.id,
      details: { document_type: input.document_type, documents: documentIds, renewal },
    });
    return { id: submission.id, status: 'PENDING' as const };
  });
}
