import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';

// A client fee (opening or closing) is charged by one ledger transfer: its client_fees row
// then points at that transfer, and the audit log says so, in the same transaction.
export async function recordFeeCharged(
  tx: Queryable,
  fee: { id: string; transferId: string; chargedAt: Date; details: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `UPDATE client_fees SET status = 'charged', transfer_id = $2, charged_at = $3 WHERE id = $1`,
    [fee.id, fee.transferId, fee.chargedAt],
  );
  await writeAuditEntry(tx, {
    actorType: 'system',
    action: 'fee.charged',
    objectType: 'client_fee',
    objectId: fee.id,
    details: fee.details,
  });
}
