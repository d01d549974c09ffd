import type { companyProfileSchema } from '@bluepeak/core';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { saveAddress } from './address-rows';
import type { ClientRow } from './client-rows';
import type { Actor } from './client-transitions';
import { linkStructureToPersons } from './company-structure';
import { saveProfileSection } from './profile-section-rows';

type CompanyProfile = z.output<typeof companyProfileSchema>;
const SECTIONS = [
  'activity_types',
  'client_info',
  'incoming_partners',
  'outgoing_partners',
  'company_structure',
] as const;

/** Saves the company sections given; each replaces the earlier version of itself. */
export async function saveCompanyProfile(
  tx: Queryable,
  client: ClientRow,
  profile: CompanyProfile,
  context: { now: Date; actor: Actor },
): Promise<void> {
  if (client.type !== 'CORPORATE') throw new AppError('not_found', 'Company profile not found');
  if (client.status === 'NEW') throw new AppError('phone_not_verified', 'Please verify your phone first');
  if (client.application_submitted_at && client.status !== 'APPROVED') {
    throw new AppError('application_under_review', 'Your application is being reviewed');
  }
  if (profile.legal_address)
    await saveAddress(tx, client.id, { ...profile.legal_address, type: 'LEGAL' }, context.now);
  const saved: string[] = profile.legal_address ? ['legal_address'] : [];
  for (const section of SECTIONS) {
    const given = profile[section];
    if (given === undefined) continue;
    const data =
      section === 'company_structure' && profile.company_structure
        ? await linkStructureToPersons(tx, client.id, profile.company_structure, context.now)
        : given;
    await saveProfileSection(tx, { clientId: client.id, section, data, now: context.now });
    saved.push(section);
  }
  await writeAuditEntry(tx, {
    ...context.actor,
    action: 'client.company_profile_saved',
    objectType: 'client',
    objectId: client.id,
    details: { sections: saved },
  });
}
