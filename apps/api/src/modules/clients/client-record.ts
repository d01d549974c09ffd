import { accountCurrencyCodes, type ClientRecord, isProfileComplete } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { createHook } from '../../lib/hooks';
import { type ClientRow, clientDisplayName, findClientFacts } from './client-rows';

// GET /client/data: the client record (docs/requirements/onboarding.md) from the row and a
// few counts. The compliance flags are computed from what the client has actually given, never
// stored twice.

export async function complianceFlagsOf(db: Queryable, client: ClientRow) {
  const facts = await findClientFacts(db, client.id);
  const has = (section: string) => facts.sections.includes(section);
  const flags = {
    has_activity_type: has('activity_types'),
    has_client_info: has('client_info'),
    has_document: facts.has_document,
    has_incoming_partner: has('incoming_partners'),
    has_legal_address: facts.has_legal_address,
    has_outgoing_partner: has('outgoing_partners'),
    has_company_structure: has('company_structure'),
  };
  return { flags, facts, complete: isProfileComplete({ type: client.type, ...flags }) };
}

/**
 * What the record shows from the modules above clients, which fill it in through
 * `clientRecordParts` (their handlers are registered in module-hooks.ts): the accounts module's
 * account groups, currencies and owed fees, and the tickets module's unread counts.
 */
export type ClientRecordParts = {
  unread?: { messages: number; tickets: number };
  accounts?: {
    groups: ClientRecord['accounts']['data'];
    currencies: ClientRecord['client_currencies'];
    owedFees: ClientRecord['owed_fees'];
  };
};
export const clientRecordParts = createHook<
  'tickets' | 'accounts',
  [clientId: string, parts: ClientRecordParts]
>('clientRecordParts');

// Payment types an approved client may use (the payments issue reads the same list).
const PAYMENT_TYPES = ['sepa', 'faster_pay', 'internal', 'international'];

export async function buildClientRecord(db: Queryable, client: ClientRow): Promise<ClientRecord> {
  const { flags, facts, complete } = await complianceFlagsOf(db, client);
  const parts: ClientRecordParts = {};
  await clientRecordParts.run('tickets', db, client.id, parts);
  await clientRecordParts.run('accounts', db, client.id, parts);
  const { unread, accounts } = parts;
  if (!unread || !accounts) throw new Error('a client record part was not filled in');
  const approved = client.status === 'APPROVED';
  return {
    id: client.id,
    type: client.type,
    name: clientDisplayName(client),
    first_name: client.first_name,
    last_name: client.last_name,
    company_name: client.company_name,
    registration_number: client.registration_number,
    contact_person: client.contact_person,
    country: client.country,
    status: client.status,
    phone: client.phone,
    phone_verified: client.phone_verified_at !== null,
    email: client.email,
    email_confirmed: client.email_confirmed_at !== null,
    second_factor: client.second_factor,
    password_change_required: client.password_change_required,
    client_data_update_required: client.client_data_update_required,
    // Accounts (docs/requirements/accounts.md): the groups with balances, the currencies held, and
    // the currencies an approved client may open. Unread: support's answers the client has not
    // opened yet.
    accounts: { data: accounts.groups },
    client_currencies: accounts.currencies,
    currencies: approved ? [...accountCurrencyCodes] : [],
    unread_messages_count: unread.messages,
    unread_tickets_count: unread.tickets,
    owed_fees: accounts.owedFees,
    documentsCount: facts.documents_count,
    addressesCount: facts.addresses_count,
    dueDiligenceAnswered: flags.has_client_info,
    referral_id: client.referral_id,
    ondato_required: client.ondato_required,
    ondato_has_active_identification: client.ondato_has_active_identification,
    has_processed_ondato_identification: client.has_processed_ondato_identification,
    payment_types: approved ? PAYMENT_TYPES : [],
    ...flags,
    approved,
    application_submitted: client.application_submitted_at !== null,
    update_required: client.client_data_update_required,
    profile_complete: complete,
    created_at: client.created_at.toISOString(),
  };
}
