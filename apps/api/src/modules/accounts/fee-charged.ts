import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import { insertClosingFee, setFeeCharged } from './fee-rows';

/** The client_fees row of a closing fee about to be charged (deactivation's closing-fee.ts); its id. */
export async function addClosingFee(
  tx: Queryable,
  fee: { clientId: string; amountMinor: number; currency: string; region: string },
): Promise<string> {
  const row = await insertClosingFee(tx, fee);
  if (!row) throw new Error('closing fee insert returned no row');
  return row.id;
}

// A client fee (opening or closing) is charged by one ledger transfer: its client_fees row
// then points at that transfer, and the audit log says so, in the same transaction.
export async function recordFeeCharged(
  tx: Queryable,
  fee: { id: string; transferId: string; chargedAt: Date; details: Record<string, unknown> },
): Promise<void> {
  await setFeeCharged(tx, fee);
  await writeAuditEntry(tx, {
    actorType: 'system',
    action: 'fee.charged',
    objectType: 'client_fee',
    objectId: fee.id,
    details: fee.details,
  });
}
