import {
  type BusinessSignUp,
  type ClientStatus,
  type ClientType,
  PRIVACY_VERSION,
  type PrivateSignUp,
  TERMS_VERSION,
} from '@bluepeak/core';
import type { LaggingReader, Queryable } from '../../db/database';

// A clients row as the services read it. The password hash and the sealed TOTP secret are
// here for the auth code only; nothing that builds an answer may pass them on.
export type ClientRow = {
  id: string;
  type: ClientType;
  status: ClientStatus;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  registration_number: string | null;
  contact_person: string | null;
  email: string;
  phone: string;
  country: string;
  password_hash: string;
  email_confirmed_at: Date | null;
  phone_verified_at: Date | null;
  password_change_required: boolean;
  client_data_update_required: boolean;
  activity_require: boolean;
  address_require: boolean;
  client_info_require: boolean;
  partners_require: boolean;
  /** When the client sent the update an operator asked for; cleared when it is accepted. */
  data_update_submitted_at: Date | null;
  referral_id: string | null;
  ondato_required: boolean;
  ondato_has_active_identification: boolean;
  has_processed_ondato_identification: boolean;
  totp_secret_encrypted: string | null;
  totp_confirmed_at: Date | null;
  totp_last_counter: number | null;
  /** A new authenticator's sealed secret, waiting for its first code (step-up done). */
  totp_pending_secret_encrypted: string | null;
  totp_pending_until: Date | null;
  second_factor: 'totp' | 'sms' | 'email';
  application_submitted_at: Date | null;
  /** The terms and privacy policy versions accepted at sign-up (null before acceptance was asked). */
  terms_version: string | null;
  privacy_version: string | null;
  terms_accepted_at: Date | null;
  created_at: Date;
};

export async function findClientById(
  db: LaggingReader,
  id: string,
  lock = false,
): Promise<ClientRow | undefined> {
  const [row] = await db.query<ClientRow>(`SELECT * FROM clients WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return row;
}

export async function findClientByEmail(db: Queryable, email: string): Promise<ClientRow | undefined> {
  const [row] = await db.query<ClientRow>('SELECT * FROM clients WHERE lower(email) = lower($1)', [email]);
  return row;
}

/** A sign-up as the clients row takes it. */
export type NewClient =
  | ({ type: 'PRIVATE' } & Omit<PrivateSignUp, 'password_confirmation' | 'altcha' | 'accept_terms'>)
  | ({ type: 'CORPORATE' } & Omit<BusinessSignUp, 'password_confirmation' | 'altcha' | 'accept_terms'>);

/**
 * Opens a NEW client; undefined when the address already has an account (the unique index on
 * the lower-cased address decides).
 */
export async function insertClient(
  tx: Queryable,
  input: NewClient,
  passwordHash: string,
  now: Date,
): Promise<string | undefined> {
  const names =
    input.type === 'PRIVATE'
      ? [input.first_name, input.last_name, null, null, null]
      : [null, null, input.company_name, input.registration_number, input.contact_person];
  // The referrer named by the sign-up link's code, if that code exists
  // (docs/requirements/accounts.md, "Referrals"). The schema let the sign-up through only with the
  // terms and privacy policy accepted, so the versions of both are recorded with the time.
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO clients (type, first_name, last_name, company_name, registration_number, contact_person,
       email, phone, country, password_hash, referred_by_client_id, terms_version, privacy_version,
       terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, (SELECT id FROM clients WHERE referral_id = $11),
       $12, $13, $14)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [
      input.type,
      ...names,
      input.email,
      input.phone,
      input.country,
      passwordHash,
      input.referral_code || null,
      TERMS_VERSION,
      PRIVACY_VERSION,
      now,
    ],
  );
  return row?.id;
}

export async function setClientStatus(
  tx: Queryable,
  clientId: string,
  to: ClientStatus,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE clients SET status = $2, updated_at = $3 WHERE id = $1', [clientId, to, now]);
}

export async function markApplicationSubmitted(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query('UPDATE clients SET application_submitted_at = $2 WHERE id = $1', [clientId, now]);
}

/** The client answered the update an operator asked for; the flags of what was asked stay. */
export async function markDataUpdateSubmitted(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE clients SET client_data_update_required = false, data_update_submitted_at = $2, updated_at = $2
       WHERE id = $1`,
    [clientId, now],
  );
}

/** What the client has given so far, counted for the record's compliance flags. */
export type ClientFacts = {
  documents_count: number;
  addresses_count: number;
  has_legal_address: boolean;
  has_document: boolean;
  sections: string[];
};

export async function findClientFacts(db: Queryable, clientId: string): Promise<ClientFacts> {
  const [row] = await db.query<ClientFacts>(
    `SELECT
       (SELECT count(*)::int FROM client_documents WHERE client_id = $1) AS documents_count,
       (SELECT count(*)::int FROM client_addresses WHERE client_id = $1) AS addresses_count,
       EXISTS (SELECT 1 FROM client_addresses WHERE client_id = $1 AND type = 'LEGAL') AS has_legal_address,
       EXISTS (SELECT 1 FROM client_documents WHERE client_id = $1 AND submission_id IS NULL AND related_person_id IS NULL) AS has_document,
       ARRAY(SELECT section FROM company_profile_sections WHERE client_id = $1) AS sections`,
    [clientId],
  );
  if (!row) throw new Error('client facts query returned no row');
  return row;
}

export function clientDisplayName(
  client: Pick<ClientRow, 'type' | 'first_name' | 'last_name' | 'company_name'>,
) {
  if (client.type === 'CORPORATE') return client.company_name ?? '';
  return [client.first_name, client.last_name].filter(Boolean).join(' ');
}
