import type { RelatedClient } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// Related clients (docs/requirements/settings.md): the links a client declared, each with the
// client of ours it matched, if any.

export type LinkRow = {
  id: string;
  related_client_id: string | null;
  declared_by: RelatedClient['declared_by'];
  declared: string;
  relationship: RelatedClient['relationship'];
  created_at: Date;
  type: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
};

/** The client's links with the matched client's names, oldest first; with `id`, that link only. */
export async function listLinkRows(db: Queryable, clientId: string, id?: string): Promise<LinkRow[]> {
  return db.query<LinkRow>(
    `SELECT r.id, r.related_client_id, r.declared_by, r.declared, r.relationship, r.created_at,
            c.type, c.first_name, c.last_name, c.company_name
       FROM related_clients r LEFT JOIN clients c ON c.id = r.related_client_id
      WHERE r.client_id = $1 AND ($2::uuid IS NULL OR r.id = $2::uuid) ORDER BY r.created_at, r.id`,
    [clientId, id ?? null],
  );
}

/** The client that holds this IBAN or account number, if any. */
export async function findClientIdByAccount(tx: Queryable, account: string): Promise<string | undefined> {
  // The accounts module's table, read here (clients sits below accounts, so cannot call it).
  const [row] = await tx.query<{ client_id: string }>(
    'SELECT client_id FROM account_groups WHERE iban = $1 OR account_number = $1',
    [account],
  );
  return row?.client_id;
}

/** A new link; undefined when the client has already declared the same e-mail or account. */
export async function insertLink(
  tx: Queryable,
  clientId: string,
  link: {
    relatedClientId: string | null;
    relationship: RelatedClient['relationship'];
    declared_by: RelatedClient['declared_by'];
    declared: string;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO related_clients (client_id, related_client_id, relationship, declared_by, declared)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (client_id, declared_by, declared) DO NOTHING RETURNING id`,
    [clientId, link.relatedClientId, link.relationship, link.declared_by, link.declared],
  );
  return row;
}
