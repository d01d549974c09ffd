import { writeAuditEntry } from '../audit/write-audit-entry';
import type { Queryable } from '../db/database';

/**
 * Runs in the approval's transaction when a client becomes APPROVED. Opening the client's
 * account group in the ledger is wired here later (issue 4: "its account group opens"); for
 * now it records that the approval happened, so nothing is lost when that lands.
 */
export async function onClientApproved(tx: Queryable, clientId: string): Promise<void> {
  await writeAuditEntry(tx, {
    actorType: 'system',
    action: 'client.approval_hook_ran',
    objectType: 'client',
    objectId: clientId,
  });
}
