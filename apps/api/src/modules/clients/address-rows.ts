import type { Address } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

/** One address per client and type: a new legal address replaces the old one. */
export async function saveAddress(
  tx: Queryable,
  clientId: string,
  address: Address,
  now: Date,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO client_addresses (client_id, type, country, city, address, postcode, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (client_id, type) DO UPDATE SET country = $3, city = $4, address = $5, postcode = $6, updated_at = $7
     RETURNING id`,
    [clientId, address.type, address.country, address.city, address.address, address.postcode, now],
  );
  if (!row) throw new Error('address upsert returned no row');
  return row.id;
}

export async function listAddresses(db: Queryable, clientId: string) {
  return db.query<{
    id: string;
    type: string;
    country: string;
    city: string;
    address: string;
    postcode: string;
  }>(
    'SELECT id, type, country, city, address, postcode FROM client_addresses WHERE client_id = $1 ORDER BY type',
    [clientId],
  );
}
