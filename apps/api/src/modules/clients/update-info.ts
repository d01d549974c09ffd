import type { Address } from '@bluepeak/core';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { saveAddress } from './address-rows';
import { type ClientRow, markDataUpdateSubmitted } from './client-rows';

/**
 * The client confirms (and where asked, updates) the data an operator asked about: the address
 * when it was asked for. The client is no longer sent to the update page; the flags of what was
 * asked stay (and with them the red mark on Settings) until an operator accepts the update
 * (docs/requirements/settings.md, "Update requests").
 */
export async function updateClientInfo(
  db: Database,
  client: ClientRow,
  address: Address | undefined,
  context: { now: Date; requestId: string; ip: string },
): Promise<void> {
  if (!client.client_data_update_required)
    throw new AppError('no_update_required', 'No update was asked for');
  if (client.address_require && !address) {
    throw new AppError('address_required', 'Please give your current address', {
      detail: 'Please give your current address.',
    });
  }
  const { now } = context;
  await withTransaction(db, async (tx) => {
    if (address) await saveAddress(tx, client.id, address, now);
    await markDataUpdateSubmitted(tx, client.id, now);
    await writeAuditEntry(tx, {
      actorType: 'client',
      actorId: client.id,
      action: 'client.data_updated',
      objectType: 'client',
      objectId: client.id,
      requestId: context.requestId,
      ip: context.ip,
      details: { address_changed: Boolean(address) },
    });
  });
}
