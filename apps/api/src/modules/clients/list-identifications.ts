import { maskDocumentNumber } from '@bluepeak/core/onboarding';
import type { Queryable } from '../../db/database';
import { type IdentificationSummary, listIdentificationRows } from './identification-rows';

/**
 * The client's identification submissions and their review state, newest first. The document's
 * number leaves masked (docs/requirements/settings.md, "Identification").
 */
export async function listIdentifications(db: Queryable, clientId: string): Promise<IdentificationSummary[]> {
  const rows = await listIdentificationRows(db, clientId);
  return rows.map((row) => ({
    ...row,
    document_number: row.document_number === null ? null : maskDocumentNumber(row.document_number),
  }));
}
