import type { Address, Attachment, relatedPersonSchema, wealthSchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { type AttachmentStorage, checkAttachments } from '../attachments';
import { writeAuditEntry } from '../audit';
import { findClientById } from './client-rows';
import type { Actor } from './client-transitions';
import { deleteEmptyStructure, dropPersonFromStructure } from './profile-section-rows';
import {
  countOtherDirectors,
  findRelatedPerson,
  insertRelatedPerson,
  markPersonRemoved,
  ownershipOfOthers,
  setPersonDetail,
  updateRelatedPerson,
} from './related-person-rows';
import { assertMayChangeSettings } from './settings-access';
import { storeDocuments } from './store-documents';

// A company's people (docs/requirements/settings.md, "Related persons"). Shares of all of them
// together stay at 100% or less, and whoever holds 25% or more is a beneficial owner: the
// role is added if the client left it out, so every UBO is a related person with a record.
type Person = z.output<typeof relatedPersonSchema>;
type Context = { now: Date; actor: Actor };
const UBO = 'ULTIMATE_BENEFICIAL_OWNER';
export const UBO_THRESHOLD_PERCENT = 25;

export function withUboRole<T extends { roles: string[]; ownership_percent: number }>(person: T): T {
  if (person.ownership_percent < UBO_THRESHOLD_PERCENT || person.roles.includes(UBO)) return person;
  return { ...person, roles: [...person.roles, UBO] };
}

/** The company, locked; with `personId`, one of its people must be meant (404 before 403). */
async function companyOf(tx: Queryable, clientId: string, personId?: string) {
  const client = await findClientById(tx, clientId, true);
  if (!client) throw new AppError('session_ended', 'Please log in again');
  if (personId && !(await findRelatedPerson(tx, clientId, personId, true))) throw notFound('Related person');
  assertMayChangeSettings(client, 'company');
  return client;
}

export async function assertOwnershipFits(
  tx: Queryable,
  clientId: string,
  personId: string | null,
  percent: number,
) {
  const others = await ownershipOfOthers(tx, clientId, personId);
  if (others + percent > 100) {
    throw new AppError('ownership_over_100', 'The ownership percentages add up to more than 100', {
      detail: `The company's other people already own ${others}%; this person can own at most ${100 - others}%.`,
    });
  }
}

async function audit(tx: Queryable, context: Context, action: string, personId: string, details = {}) {
  await writeAuditEntry(tx, {
    ...context.actor,
    action,
    objectType: 'related_person',
    objectId: personId,
    details,
  });
}

export async function createRelatedPerson(db: Database, clientId: string, input: Person, context: Context) {
  return withTransaction(db, async (tx) => {
    await companyOf(tx, clientId);
    const person = withUboRole(input);
    await assertOwnershipFits(tx, clientId, null, person.ownership_percent);
    const id = await insertRelatedPerson(tx, clientId, person, context.now);
    await audit(tx, context, 'client.related_person_added', id, { roles: person.roles });
    return id;
  });
}

export async function changeRelatedPerson(
  db: Database,
  clientId: string,
  id: string,
  change: { person: Person } | { address: Address } | { wealth: z.output<typeof wealthSchema> },
  context: Context,
) {
  await withTransaction(db, async (tx) => {
    await companyOf(tx, clientId, id);
    if ('person' in change) {
      const person = withUboRole(change.person);
      await assertOwnershipFits(tx, clientId, id, person.ownership_percent);
      await updateRelatedPerson(tx, id, person, context.now);
      await audit(tx, context, 'client.related_person_changed', id, { roles: person.roles });
      return;
    }
    await setPersonDetail(tx, id, change, context.now);
    await audit(tx, context, 'client.related_person_changed', id, { part: Object.keys(change)[0] });
  });
}

/** A related person's document or identity document, through the one attachment pipeline. */
export async function addPersonDocuments(
  db: Database,
  storage: AttachmentStorage,
  input: { clientId: string; personId: string; attachments: Attachment[] },
  context: Context,
): Promise<string[]> {
  const files = await checkAttachments(input.attachments);
  return withTransaction(db, async (tx) => {
    await companyOf(tx, input.clientId, input.personId);
    const ids = await storeDocuments(tx, storage, input.clientId, files, null, input.personId);
    await audit(tx, context, 'client.related_person_documents_uploaded', input.personId, { documents: ids });
    return ids;
  });
}

/**
 * Removes one of the company's people (docs/requirements/settings.md, "People and ownership").
 * Refused while the person holds shares (the company structure changes first, so the ownership
 * stays whole) and for the company's last director, whom the application needs. The record
 * stays, marked removed, with its documents.
 */
export async function removeRelatedPerson(db: Database, clientId: string, id: string, context: Context) {
  await withTransaction(db, async (tx) => {
    await companyOf(tx, clientId, id);
    const person = await findRelatedPerson(tx, clientId, id, true);
    if (!person) throw notFound('Related person');
    if (person.ownership_percent > 0) {
      throw new AppError('related_person_owns_shares', 'This person still owns shares of the company', {
        detail: `Change the company structure first: ${person.first_name} ${person.last_name} owns ${person.ownership_percent}%.`,
      });
    }
    if (person.roles.includes('DIRECTOR') && (await countOtherDirectors(tx, clientId, id)) === 0) {
      throw new AppError('last_director', 'A company needs at least one director', {
        detail: 'Add another director before removing this one.',
      });
    }
    await markPersonRemoved(tx, id, context.now);
    // The stored structure names the person no more (its shares are already nil).
    await dropPersonFromStructure(tx, clientId, id, context.now);
    await deleteEmptyStructure(tx, clientId);
    await audit(tx, context, 'client.related_person_removed', id, { roles: person.roles });
  });
}
