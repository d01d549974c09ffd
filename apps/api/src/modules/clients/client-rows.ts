import type { ClientStatus, ClientType } from '@bluepeak/core';
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

export function clientDisplayName(
  client: Pick<ClientRow, 'type' | 'first_name' | 'last_name' | 'company_name'>,
) {
  if (client.type === 'CORPORATE') return client.company_name ?? '';
  return [client.first_name, client.last_name].filter(Boolean).join(' ');
}
