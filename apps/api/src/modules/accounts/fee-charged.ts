import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';

/** The client_fees row of a closing fee about to be charged (deactivation's closing-fee.ts); its id. */
export async function addClosingFee(
  tx: Queryable,
  fee: { clientId: string; amountMinor: number; currency: string; region: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO client_fees (client_id, kind, amount_minor, currency, region)
     VALUES ($1, 'account_closing', $2, $3, $4) RETURNING id`,
    [fee.clientId, fee.amountMinor, fee.currency, fee.region],
  );
  if (!row) throw new Error('closing fee insert returned no row');
  return row.id;
}

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
