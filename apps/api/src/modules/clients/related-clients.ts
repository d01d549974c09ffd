import type { RelatedClient, relatedClientBodySchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { findClientIdByAccount } from '../accounts';
import { writeAuditEntry } from '../audit';
import { clientDisplayName, findClientByEmail, findClientById } from './client-rows';
import type { Actor } from './client-transitions';

// Related clients (docs/requirements/settings.md): a link from the caller to another client of
// the institution. Links are read only through their owner, so one client never sees another's.
type Body = z.output<typeof relatedClientBodySchema>;
type LinkRow = {
  id: string;
  related_client_id: string;
  relationship: RelatedClient['relationship'];
  created_at: Date;
  type: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
};

/** The client's links, each with the linked client's id (for the back office only). */
export async function listRelatedClients(
  db: Queryable,
  clientId: string,
): Promise<(RelatedClient & { client_id: string })[]> {
  const rows = await db.query<LinkRow>(
    `SELECT r.id, r.related_client_id, r.relationship, r.created_at, c.type, c.first_name, c.last_name, c.company_name
       FROM related_clients r JOIN clients c ON c.id = r.related_client_id
      WHERE r.client_id = $1 ORDER BY r.created_at, r.id`,
    [clientId],
  );
  return rows.map((row) => ({
    id: row.id,
    client_id: row.related_client_id,
    name: clientDisplayName(row as Parameters<typeof clientDisplayName>[0]),
    relationship: row.relationship,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

async function findOther(tx: Queryable, by: Body['find_by']): Promise<string | undefined> {
  if (by.kind === 'email') return (await findClientByEmail(tx, by.email))?.id;
  return findClientIdByAccount(tx, by.account);
}

export async function linkRelatedClient(
  db: Database,
  clientId: string,
  body: Body,
  context: { actor: Actor },
): Promise<RelatedClient> {
  return withTransaction(db, async (tx) => {
    if (!(await findClientById(tx, clientId, true)))
      throw new AppError('session_ended', 'Please log in again');
    const otherId = await findOther(tx, body.find_by);
    if (!otherId) {
      throw new AppError('related_client_not_found', 'No client of ours has this e-mail or account');
    }
    if (otherId === clientId)
      throw new AppError('related_client_self', 'A client cannot be related to itself');
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO related_clients (client_id, related_client_id, relationship) VALUES ($1, $2, $3)
       ON CONFLICT (client_id, related_client_id) DO NOTHING RETURNING id`,
      [clientId, otherId, body.relationship],
    );
    if (!row) throw new AppError('already_related', 'This client is already linked');
    await writeAuditEntry(tx, {
      ...context.actor,
      action: 'client.related_client_linked',
      objectType: 'related_client',
      objectId: row.id,
      details: { related_client_id: otherId, relationship: body.relationship },
    });
    const link = (await listRelatedClients(tx, clientId)).find((each) => each.id === row.id);
    if (!link) throw new Error('the link just stored is missing');
    const { client_id: _, ...answer } = link;
    return answer;
  });
}
