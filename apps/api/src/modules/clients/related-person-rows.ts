import type { Address, RelatedPersonAnswer, relatedPersonSchema, wealthSchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { DocumentSummary } from './document-rows';

// The people of a company (docs/requirements/settings.md, "Related persons"): one row each, their
// address and source of wealth as small documents of their own.
type PersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  nationality: string | null;
  roles: string[];
  ownership_percent: number;
  email: string | null;
  address: RelatedPersonAnswer['address'];
  wealth: RelatedPersonAnswer['wealth'];
};

const COLUMNS = `id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, nationality,
  roles, ownership_percent, email, address, wealth`;

export async function listRelatedPersonRows(db: Queryable, clientId: string): Promise<PersonRow[]> {
  return db.query<PersonRow>(
    `SELECT ${COLUMNS} FROM related_persons WHERE client_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
    [clientId],
  );
}

export async function findRelatedPerson(
  db: Queryable,
  clientId: string,
  id: string,
  forUpdate = false,
): Promise<PersonRow | undefined> {
  const [row] = await db.query<PersonRow>(
    `SELECT ${COLUMNS} FROM related_persons WHERE id = $1 AND client_id = $2 AND removed_at IS NULL${
      forUpdate ? ' FOR UPDATE' : ''
    }`,
    [id, clientId],
  );
  return row;
}

export async function insertRelatedPerson(
  tx: Queryable,
  clientId: string,
  person: z.output<typeof relatedPersonSchema>,
  now: Date,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO related_persons (client_id, first_name, last_name, date_of_birth, nationality, roles,
       ownership_percent, email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [clientId, ...personColumns(person), now],
  );
  if (!row) throw new Error('related person insert returned no row');
  return row.id;
}

/** The person's columns in the order both statements list them, first_name to email. */
function personColumns(person: z.output<typeof relatedPersonSchema>) {
  const { first_name, last_name, date_of_birth, nationality, roles, ownership_percent, email } = person;
  return [first_name, last_name, date_of_birth, nationality, roles, ownership_percent, email ?? null];
}

export async function updateRelatedPerson(
  tx: Queryable,
  id: string,
  person: z.output<typeof relatedPersonSchema>,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE related_persons SET first_name = $2, last_name = $3, date_of_birth = $4, nationality = $5, roles = $6,
       ownership_percent = $7, email = $8, updated_at = $9 WHERE id = $1`,
    [id, ...personColumns(person), now],
  );
}

export async function setPersonDetail(
  tx: Queryable,
  id: string,
  detail: { address: Address } | { wealth: z.output<typeof wealthSchema> },
  now: Date,
): Promise<void> {
  const [column, value] = 'address' in detail ? ['address', detail.address] : ['wealth', detail.wealth];
  await tx.query(`UPDATE related_persons SET ${column} = $2::jsonb, updated_at = $3 WHERE id = $1`, [
    id,
    JSON.stringify(value),
    now,
  ]);
}

/** Shares held by the company's people other than `exceptId`, for the 100% rule. */
export async function ownershipOfOthers(tx: Queryable, clientId: string, exceptId: string | null) {
  const [row] = await tx.query<{ total: number }>(
    `SELECT coalesce(sum(ownership_percent), 0)::int AS total FROM related_persons
     WHERE client_id = $1 AND removed_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [clientId, exceptId],
  );
  return row?.total ?? 0;
}

/** The structure given is the whole ownership: every share of the company's people is zeroed first. */
export async function clearOwnerships(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query('UPDATE related_persons SET ownership_percent = 0, updated_at = $2 WHERE client_id = $1', [
    clientId,
    now,
  ]);
}

/** A person's share from the company structure; the roles given join the ones it has. */
export async function setStructureShare(
  tx: Queryable,
  id: string,
  percent: number,
  roles: string[],
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE related_persons SET ownership_percent = $2,
           roles = ARRAY(SELECT DISTINCT unnest(roles || $3::text[])), updated_at = $4 WHERE id = $1`,
    [id, percent, roles, now],
  );
}

/** A person named in the company structure for the first time (birth date and nationality to come). */
export async function insertStructurePerson(
  tx: Queryable,
  clientId: string,
  person: { first_name: string; last_name: string; roles: string[]; percent: number },
  now: Date,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO related_persons (client_id, first_name, last_name, roles, ownership_percent, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [clientId, person.first_name, person.last_name, person.roles, person.percent, now],
  );
  if (!row) throw new Error('related person insert returned no row');
  return row.id;
}

/** The first recorded person of the company by this name, in any case. */
export async function findPersonIdByName(
  tx: Queryable,
  clientId: string,
  firstName: string,
  lastName: string,
): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM related_persons WHERE client_id = $1 AND removed_at IS NULL AND lower(first_name) = lower($2)
       AND lower(last_name) = lower($3) ORDER BY created_at LIMIT 1`,
    [clientId, firstName, lastName],
  );
  return row?.id;
}

/** The record stays, marked removed, with its documents. */
export async function markPersonRemoved(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query('UPDATE related_persons SET removed_at = $2, updated_at = $2 WHERE id = $1', [id, now]);
}

/** Directors of the company other than `exceptId`. */
export async function countOtherDirectors(
  tx: Queryable,
  clientId: string,
  exceptId: string,
): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM related_persons
     WHERE client_id = $1 AND id <> $2 AND removed_at IS NULL AND 'DIRECTOR' = ANY (roles)`,
    [clientId, exceptId],
  );
  return row?.count ?? 0;
}

const IDENTITY_CODES = new Set(['PASSPORT', 'NATIONAL_IDENTITY_CARD', 'DRIVING_LICENCE', 'RESIDENCE_PERMIT']);

export function toPersonAnswer(row: PersonRow, documents: DocumentSummary[]): RelatedPersonAnswer {
  const hasIdentity = documents.some((document) => IDENTITY_CODES.has(document.kind));
  const known = row.date_of_birth !== null && row.nationality !== null;
  return { ...row, documents, complete: known && hasIdentity && row.address !== null };
}
