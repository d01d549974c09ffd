import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { clearDataUpdateRequests, findClientById, recordDocumentReview } from '../clients';
import { lockClientDocument } from './client-file-rows';
import { type Reviewer, recordReview } from './record-review';

// An operator's verdict on one document of a client, and the acceptance of a data update the
// client sent (docs/requirements/settings.md): each a review row, an audit entry and a message.
export async function reviewDocument(
  tx: Queryable,
  ids: { clientId: string; documentId: string },
  decision: { accept: boolean; reason: string | undefined },
  reviewer: Reviewer,
): Promise<void> {
  const client = await findClientById(tx, ids.clientId, true);
  if (!client) throw notFound('Client');
  if (!decision.accept && !decision.reason) {
    throw new AppError('reason_required', 'Please give the client a reason for refusing the document');
  }
  const document = await lockClientDocument(tx, client.id, ids.documentId);
  if (!document) throw notFound('Document');
  if (document.review_status !== 'pending')
    throw new AppError('already_reviewed', 'This document was already reviewed');
  await recordDocumentReview(tx, ids.documentId, {
    status: decision.accept ? 'accepted' : 'rejected',
    reason: decision.reason ?? null,
    operatorId: reviewer.operatorId,
    at: reviewer.now,
  });
  await recordReview(tx, {
    reviewer,
    clientId: client.id,
    clientEmail: client.email,
    action: decision.accept ? 'document_accepted' : 'document_rejected',
    reason: decision.reason,
    details: { document_id: ids.documentId, kind: document.kind },
    message: decision.accept
      ? { subject: 'your document was accepted', body: 'We have checked and accepted one of your documents.' }
      : { subject: 'please upload a document again', body: 'We could not accept one of your documents.' },
  });
}

export async function acceptDataUpdate(tx: Queryable, clientId: string, reviewer: Reviewer): Promise<void> {
  const client = await findClientById(tx, clientId, true);
  if (!client) throw notFound('Client');
  if (!client.data_update_submitted_at) {
    throw new AppError('no_update_submitted', 'The client has not sent the update yet');
  }
  await clearDataUpdateRequests(tx, client.id, reviewer.now);
  await recordReview(tx, {
    reviewer,
    clientId: client.id,
    clientEmail: client.email,
    action: 'data_update_accepted',
    reason: undefined,
    message: {
      subject: 'your update was accepted',
      body: 'Thank you: we have checked and accepted your updated details.',
    },
  });
}
