import { countryByCode, type SettingsAnswer } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { listAddresses } from './address-rows';
import { complianceFlagsOf } from './client-record';
import type { ClientRow } from './client-rows';
import { listProfileSections } from './profile-section-rows';
import { listRelatedPersonRows, toPersonAnswer } from './related-person-rows';
import { listDocuments } from './store-documents';

// Everything the settings pages show, in one read (docs/requirements/settings.md).
type Partner = {
  name: string;
  country: string;
  expected_monthly_volume?: { amount: number; currency: 'EUR' };
};

const withRisk = (partners: Partner[]) =>
  partners.map((partner) => ({
    ...partner,
    high_risk: countryByCode(partner.country)?.is_high_risk ?? false,
  }));

export async function readSettings(db: Queryable, client: ClientRow): Promise<SettingsAnswer> {
  const sections = new Map((await listProfileSections(db, client.id)).map((row) => [row.section, row.data]));
  const documents = await listDocuments(db, client.id);
  const persons = client.type === 'CORPORATE' ? await listRelatedPersonRows(db, client.id) : [];
  const { flags } = await complianceFlagsOf(db, client);
  const missing =
    client.type === 'PRIVATE'
      ? flags.has_legal_address
        ? []
        : ['has_legal_address']
      : Object.entries(flags)
          .filter(([, present]) => !present)
          .map(([flag]) => flag);
  return {
    type: client.type,
    client_info: (sections.get('client_info') as Record<string, unknown> | undefined) ?? null,
    addresses: (await listAddresses(db, client.id)).map(({ id: _, ...address }) => address),
    contacts: (sections.get('contacts') as SettingsAnswer['contacts'] | undefined) ?? [],
    activity_types: (sections.get('activity_types') as string[] | undefined) ?? [],
    partners: {
      incoming: withRisk((sections.get('incoming_partners') as Partner[] | undefined) ?? []),
      outgoing: withRisk((sections.get('outgoing_partners') as Partner[] | undefined) ?? []),
    },
    company_structure: persons
      .filter((person) => person.ownership_percent > 0 || person.roles.length > 0)
      .map((person) => ({
        type: person.roles[0] ?? 'SHAREHOLDER',
        first_name: person.first_name,
        last_name: person.last_name,
        ownership_percent: person.ownership_percent,
        related_person_id: person.id,
      })),
    related_persons: persons.map((person) =>
      toPersonAnswer(
        person,
        documents.filter((document) => document.related_person_id === person.id),
      ),
    ),
    documents: documents.filter((document) => document.related_person_id === null),
    missing,
  };
}
