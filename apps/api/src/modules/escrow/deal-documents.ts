import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { type AttachmentStorage, loadAttachment } from '../attachments';
import { findDealDocumentOwner } from './escrow-condition-rows';
import { findDeal } from './escrow-rows';

/**
 * One document presented for a deal's condition, with its bytes: for either party of the deal
 * (`clientId`), or for the escrow desk (null), which verifies conditions on them. Anyone else,
 * and any file that is not the deal's, finds nothing (404).
 */
export async function loadDealDocument(
  db: Queryable,
  storage: AttachmentStorage,
  ids: { dealId: string; documentId: string; clientId: string | null },
) {
  await findDeal(db, ids.dealId, ids.clientId ?? undefined);
  const owner = await findDealDocumentOwner(db, ids.dealId, ids.documentId);
  const file = owner && (await loadAttachment(db, storage, owner, ids.documentId));
  if (!file) throw notFound('Document');
  return file;
}
