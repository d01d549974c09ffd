import type { companyStructureSchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import {
  clearOwnerships,
  findPersonIdByName,
  findRelatedPerson,
  insertStructurePerson,
  setStructureShare,
} from './related-person-rows';
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
  await clearOwnerships(tx, clientId, now);
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
      await setStructureShare(tx, person.id, percent, roles, now);
      linked.push(entry);
      continue;
    }
    await assertOwnershipFits(tx, clientId, null, percent);
    const id = await insertStructurePerson(
      tx,
      clientId,
      { first_name: entry.first_name, last_name: entry.last_name, roles, percent },
      now,
    );
    linked.push({ ...entry, related_person_id: id });
  }
  return linked;
}

/** A person named again without an id is the one already recorded under that name. */
async function sameName(tx: Queryable, clientId: string, entry: Entry) {
  const id = await findPersonIdByName(tx, clientId, entry.first_name, entry.last_name);
  return id !== undefined ? { related_person_id: id } : {};
}
