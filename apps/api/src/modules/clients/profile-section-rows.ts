import type { Queryable } from '../../db/database';

// A company's profile, one row per section (client_info, contacts, activity_types, the incoming
// and outgoing partners, company_structure), each a JSON document that a save replaces whole.

/** What a write puts into one section of one client's profile. */
export type SectionWrite = { clientId: string; section: string; data: unknown; now: Date };

/** Saves a section; it replaces the earlier version of itself. */
export async function saveProfileSection(tx: Queryable, { clientId, section, data, now }: SectionWrite) {
  await tx.query(
    `INSERT INTO company_profile_sections (client_id, section, data, updated_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (client_id, section) DO UPDATE SET data = $3::jsonb, updated_at = $4`,
    [clientId, section, JSON.stringify(data), now],
  );
}

export async function listProfileSections(
  db: Queryable,
  clientId: string,
): Promise<{ section: string; data: unknown }[]> {
  return db.query<{ section: string; data: unknown }>(
    'SELECT section, data FROM company_profile_sections WHERE client_id = $1',
    [clientId],
  );
}

/** A section's data, locked for a change made from what it holds now. */
export async function lockProfileSection<Data>(
  tx: Queryable,
  clientId: string,
  section: string,
): Promise<{ data: Data } | undefined> {
  const [row] = await tx.query<{ data: Data }>(
    'SELECT data FROM company_profile_sections WHERE client_id = $1 AND section = $2 FOR UPDATE',
    [clientId, section],
  );
  return row;
}

export async function setProfileSectionData(tx: Queryable, { clientId, section, data, now }: SectionWrite) {
  await tx.query(
    'UPDATE company_profile_sections SET data = $3::jsonb, updated_at = $4 WHERE client_id = $1 AND section = $2',
    [clientId, section, JSON.stringify(data), now],
  );
}

/** The stored company structure without the entries of one related person. */
export async function dropPersonFromStructure(
  tx: Queryable,
  clientId: string,
  personId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE company_profile_sections SET updated_at = $3, data = coalesce((SELECT jsonb_agg(entry)
         FROM jsonb_array_elements(data) entry WHERE entry->>'related_person_id' IS DISTINCT FROM $2), '[]'::jsonb)
       WHERE client_id = $1 AND section = 'company_structure'`,
    [clientId, personId, now],
  );
}

/** A company structure left with no entry is no structure: the section is gone. */
export async function deleteEmptyStructure(tx: Queryable, clientId: string): Promise<void> {
  await tx.query(
    `DELETE FROM company_profile_sections WHERE client_id = $1 AND section = 'company_structure' AND data = '[]'::jsonb`,
    [clientId],
  );
}
