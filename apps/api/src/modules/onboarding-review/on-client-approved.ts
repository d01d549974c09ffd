import type { Queryable } from '../../db/database';
import { openAccountsOnApproval } from '../accounts';
import { writeAuditEntry } from '../audit';
import { findClientById } from '../clients';

/**
 * Runs in the approval's transaction when a client becomes APPROVED: the client's account
 * group opens in the ledger (EUR and GBP) and the account-opening fee of its region is
 * recorded (docs/decisions/0009-account-opening-fee.md).
 */
export async function onClientApproved(tx: Queryable, clientId: string): Promise<void> {
  const client = await findClientById(tx, clientId);
  if (!client) throw new Error(`Approved client ${clientId} not found`);
  await openAccountsOnApproval(tx, client);
  await writeAuditEntry(tx, {
    actorType: 'system',
    action: 'client.approval_hook_ran',
    objectType: 'client',
    objectId: clientId,
  });
}
