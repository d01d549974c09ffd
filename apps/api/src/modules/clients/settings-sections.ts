import type { Address, settingsBodies } from '@bluepeak/core';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { saveAddress } from './address-rows';
import { findClientById } from './client-rows';
import type { Actor } from './client-transitions';
import { linkStructureToPersons } from './company-structure';
import { lockProfileSection, saveProfileSection, setProfileSectionData } from './profile-section-rows';
import { assertMayChangeSettings } from './settings-access';

// The settings pages' saves (docs/requirements/settings.md): each page replaces its own section,
// at any time after onboarding, and says so in the audit log.
export type SettingsChange =
  | { section: 'client_info'; data: z.output<typeof settingsBodies.client_info> }
  | { section: 'contacts'; data: z.output<typeof settingsBodies.contacts> }
  | { section: 'activity_types'; data: z.output<typeof settingsBodies.activity_types> }
  | { section: 'incoming_partners' | 'outgoing_partners'; data: z.output<typeof settingsBodies.partners> }
  | { section: 'company_structure'; data: z.output<typeof settingsBodies.company_structure> }
  | { section: 'address'; data: Address };

/** Contacts and addresses belong to every client; the rest to a company. */
const PERSON_SECTIONS = new Set(['contacts', 'address']);

export async function saveSettingsSection(
  db: Database,
  clientId: string,
  change: SettingsChange,
  context: { now: Date; actor: Actor },
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const client = await findClientById(tx, clientId, true);
    if (!client) throw new AppError('session_ended', 'Please log in again');
    assertMayChangeSettings(client, PERSON_SECTIONS.has(change.section) ? 'person' : 'company');
    if (change.section === 'address') {
      await saveAddress(tx, client.id, change.data, context.now);
    } else {
      const data =
        change.section === 'company_structure'
          ? await linkStructureToPersons(tx, client.id, change.data, context.now)
          : change.data;
      await saveProfileSection(tx, { clientId: client.id, section: change.section, data, now: context.now });
    }
    await writeAuditEntry(tx, {
      ...context.actor,
      action: 'client.settings_changed',
      objectType: 'client',
      objectId: client.id,
      details: {
        section: change.section,
        ...(change.section === 'address' ? { type: change.data.type } : {}),
      },
    });
  });
}

/**
 * Removes one payment partner, named by its place in the list the client sees, and by its name
 * so a list changed meanwhile never loses the wrong one. A company's last partner of a direction
 * stays: the application needs one incoming and one outgoing (docs/requirements/onboarding.md).
 */
export async function removePartner(
  db: Database,
  clientId: string,
  target: { direction: 'incoming' | 'outgoing'; position: number; name: string },
  context: { now: Date; actor: Actor },
): Promise<void> {
  const section = `${target.direction}_partners`;
  await withTransaction(db, async (tx) => {
    const client = await findClientById(tx, clientId, true);
    if (!client) throw new AppError('session_ended', 'Please log in again');
    assertMayChangeSettings(client, 'company');
    const row = await lockProfileSection<{ name: string }[]>(tx, client.id, section);
    const partners = row?.data ?? [];
    if (partners[target.position]?.name !== target.name) throw notFound('Partner');
    if (partners.length === 1) {
      throw new AppError('last_partner', `A company needs at least one ${target.direction} partner`, {
        detail: `Add another ${target.direction} partner before removing this one.`,
      });
    }
    const rest = partners.filter((_, index) => index !== target.position);
    await setProfileSectionData(tx, { clientId: client.id, section, data: rest, now: context.now });
    await writeAuditEntry(tx, {
      ...context.actor,
      action: 'client.partner_removed',
      objectType: 'client',
      objectId: client.id,
      details: { section, name: target.name },
    });
  });
}
