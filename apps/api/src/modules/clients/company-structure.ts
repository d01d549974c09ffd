import type { companyStructureSchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { findRelatedPerson } from './related-person-rows';
import { assertOwnershipFits, UBO_THRESHOLD_PERCENT } from './related-persons';

// The company structure (docs/requirements/settings.md): who owns and runs the company. Every
// entry is a related person: one named here for the first time becomes one (its birth date and
// nationality still to be given), so every beneficial owner at 25% or more has a record of its
// own, and the shares live in one place, the related persons.
type Entry = z.output<typeof companyStructureSchema>[number];

export async function linkStructureToPersons(
  tx: Queryable,
  clientId: string,
  entries: readonly Entry[],
  now: Date,
): Promise<Entry[]> {
  // The structure given is the whole ownership: shares not named in it again are gone.
  await tx.query('UPDATE related_persons SET ownership_percent = 0, updated_at = $2 WHERE client_id = $1', [
    clientId,
    now,
  ]);
  const linked: Entry[] = [];
  for (const given of entries) {
    const entry = given.related_person_id ? given : { ...given, ...(await sameName(tx, clientId, given)) };
    const percent = entry.ownership_percent ?? 0;
    const roles = [
      entry.type,
      ...(percent >= UBO_THRESHOLD_PERCENT && entry.type !== 'ULTIMATE_BENEFICIAL_OWNER'
        ? ['ULTIMATE_BENEFICIAL_OWNER']
        : []),
    ];
    if (entry.related_person_id) {
      const person = await findRelatedPerson(tx, clientId, entry.related_person_id, true);
      if (!person) throw notFound('Related person');
      await assertOwnershipFits(tx, clientId, person.id, percent);
      await tx.query(
        `UPDATE related_persons SET ownership_percent = $2,
           roles = ARRAY(SELECT DISTINCT unnest(roles || $3::text[])), updated_at = $4 WHERE id = $1`,
        [person.id, percent, roles, now],
      );
      linked.push(entry);
      continue;
    }
    await assertOwnershipFits(tx, clientId, null, percent);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO related_persons (client_id, first_name, last_name, roles, ownership_percent, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [clientId, entry.first_name, entry.last_name, roles, percent, now],
    );
    if (!row) throw new Error('related person insert returned no row');
    linked.push({ ...entry, related_person_id: row.id });
  }
  return linked;
}

/** A person named again without an id is the one already recorded under that name. */
async function sameName(tx: Queryable, clientId: string, entry: Entry) {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM related_persons WHERE client_id = $1 AND removed_at IS NULL AND lower(first_name) = lower($2)
       AND lower(last_name) = lower($3) ORDER BY created_at LIMIT 1`,
    [clientId, entry.first_name, entry.last_name],
  );
  return row ? { related_person_id: row.id } : {};
}
