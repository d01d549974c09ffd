import type { RelatedClient, RelatedClientOfRecord, relatedClientBodySchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { clientDisplayName, findClientByEmail, findClientById } from './client-rows';
import type { Actor } from './client-transitions';
import { findClientIdByAccount, insertLink, type LinkRow, listLinkRows } from './related-client-rows';

// Related clients (docs/requirements/settings.md): the caller declares another client of the
// institution by its e-mail or account. The answer is the same whether or not a client of ours
// matches, so the form never tells a stranger who banks with us; the match is the back office's.
type Body = z.output<typeof relatedClientBodySchema>;

const toLink = (row: LinkRow): RelatedClient => ({
  id: row.id,
  declared_by: row.declared_by,
  declared: row.declared,
  relationship: row.relationship,
  created_at: new Date(row.created_at).toISOString(),
});

/** The client's links as the client sees them: what it declared, never who was matched. */
export async function listOwnLinks(db: Queryable, clientId: string): Promise<RelatedClient[]> {
  return (await listLinkRows(db, clientId)).map(toLink);
}

/** One of the caller's links; another client's link is a 404 like an unknown one. */
export async function findOwnLink(db: Queryable, clientId: string, id: string): Promise<RelatedClient> {
  const [row] = await listLinkRows(db, clientId, id);
  if (!row) throw notFound('Related client');
  return toLink(row);
}

/** The client's links with the matched client, when there is one (for the back office only). */
export async function listRelatedClients(db: Queryable, clientId: string): Promise<RelatedClientOfRecord[]> {
  return (await listLinkRows(db, clientId)).map((row) => ({
    ...toLink(row),
    client_id: row.related_client_id,
    name: row.type ? clientDisplayName(row as Parameters<typeof clientDisplayName>[0]) : null,
  }));
}

function declarationOf(by: Body['find_by']) {
  return by.kind === 'email'
    ? { declared_by: 'email' as const, declared: by.email.toLowerCase() }
    : { declared_by: 'account' as const, declared: by.account };
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
    const otherId = (await findOther(tx, body.find_by)) ?? null;
    // The caller's own e-mail or account says nothing about anyone else.
    if (otherId === clientId)
      throw new AppError('related_client_self', 'A client cannot be related to itself');
    const declaration = declarationOf(body.find_by);
    const row = await insertLink(tx, clientId, {
      relatedClientId: otherId,
      relationship: body.relationship,
      ...declaration,
    });
    if (!row) throw new AppError('already_related', 'You have already named this client');
    await writeAuditEntry(tx, {
      ...context.actor,
      action: 'client.related_client_linked',
      objectType: 'related_client',
      objectId: row.id,
      details: { related_client_id: otherId, relationship: body.relationship, ...declaration },
    });
    return findOwnLink(tx, clientId, row.id);
  });
}
