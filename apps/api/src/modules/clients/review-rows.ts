import type { UpdateRequireFlag } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// The back office's writes to a client's file: the onboarding-review module decides, and these
// write the rows, which are this module's. Each runs in the reviewer's transaction.

/** The decision on an application, beside the status change. */
export async function recordApplicationDecision(
  tx: Queryable,
  clientId: string,
  decidedAt: Date,
  reason: string | null,
): Promise<void> {
  await tx.query('UPDATE clients SET decided_at = $2, decision_reason = $3 WHERE id = $1', [
    clientId,
    decidedAt,
    reason,
  ]);
}

/** Asks the client to update the flagged parts of its data; flags already raised stay raised. */
export async function requireDataUpdate(
  tx: Queryable,
  clientId: string,
  flags: readonly UpdateRequireFlag[],
  now: Date,
): Promise<void> {
  const has = (flag: UpdateRequireFlag) => flags.includes(flag);
  await tx.query(
    `UPDATE clients SET client_data_update_required = true, activity_require = activity_require OR $2,
       address_require = address_require OR $3, client_info_require = client_info_require OR $4,
       partners_require = partners_require OR $5, updated_at = $6 WHERE id = $1`,
    [
      clientId,
      has('activity_require'),
      has('address_require'),
      has('client_info_require'),
      has('partners_require'),
      now,
    ],
  );
}

/** The update the client sent is accepted: every request for data is cleared. */
export async function clearDataUpdateRequests(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE clients SET activity_require = false, address_require = false, client_info_require = false,
       partners_require = false, data_update_submitted_at = NULL, updated_at = $2 WHERE id = $1`,
    [clientId, now],
  );
}

/** The client must pass a new identity check; the earlier one no longer counts. */
export async function requireNewIdentification(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE clients SET ondato_required = true, ondato_has_active_identification = false,
       has_processed_ondato_identification = false, updated_at = $2 WHERE id = $1`,
    [clientId, now],
  );
}

/** The client must change its password before anything else (cleared by setClientPassword). */
export async function requirePasswordChangeOf(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query('UPDATE clients SET password_change_required = true, updated_at = $2 WHERE id = $1', [
    clientId,
    now,
  ]);
}

/** An operator's verdict on one of the client's documents. */
export async function recordDocumentReview(
  tx: Queryable,
  documentId: string,
  review: { status: 'accepted' | 'rejected'; reason: string | null; operatorId: string; at: Date },
): Promise<void> {
  await tx.query(
    `UPDATE client_documents SET review_status = $2, review_reason = $3, reviewed_by = $4, reviewed_at = $5
     WHERE id = $1`,
    [documentId, review.status, review.reason, review.operatorId, review.at],
  );
}

/**
 * An operator's decision on an identity check: the submission's and, on the client, whether a
 * new check is required and whether one has been decided.
 */
export async function recordIdentificationReview(
  tx: Queryable,
  ids: { submissionId: string; clientId: string },
  review: {
    status: 'APPROVED' | 'REJECTED';
    reason: string | null;
    operatorId: string;
    at: Date;
    /** A new upload is required (a refusal, except of an approved client's renewal). */
    requireNew: boolean;
  },
): Promise<void> {
  await tx.query(
    `UPDATE identification_submissions SET status = $2, reviewed_by = $3, reviewed_at = $4, decision_reason = $5 WHERE id = $1`,
    [ids.submissionId, review.status, review.operatorId, review.at, review.reason],
  );
  await tx.query(
    `UPDATE clients SET ondato_has_active_identification = false, ondato_required = $2,
       has_processed_ondato_identification = has_processed_ondato_identification OR $3, updated_at = $4 WHERE id = $1`,
    [ids.clientId, review.requireNew, review.status === 'APPROVED', review.at],
  );
}
