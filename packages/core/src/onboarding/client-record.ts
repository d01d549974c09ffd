import { z } from 'zod';
import { clientStatuses, clientTypes } from './client-status';

// GET /client/data (docs/requirements/onboarding.md and docs/requirements/api-contract.md): every
// field of the client record, plus the approved state and update-required flag it mentions.
// Counts and lists that belong to later features (accounts, tickets, messages) are present with
// their true values for now.
// A fee recorded as owed and not yet charged: it is taken as soon as the account in its currency
// can pay it (`account_id`, null when the client holds no such account).
export const owedFeeSchema = z.object({
  id: z.string(),
  kind: z.enum(['account_opening', 'monthly', 'holding', 'reference_letter']),
  amount: z.number().int(),
  currency: z.string(),
  owed_since: z.string(),
  account_id: z.string().nullable(),
});
export type OwedFee = z.infer<typeof owedFeeSchema>;

export const clientRecordSchema = z.object({
  id: z.string(),
  type: z.enum(clientTypes),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  contact_person: z.string().nullable(),
  country: z.string(),
  status: z.enum(clientStatuses),
  phone: z.string(),
  phone_verified: z.boolean(),
  email: z.string(),
  email_confirmed: z.boolean(),
  second_factor: z.enum(['totp', 'sms', 'email']),
  password_change_required: z.boolean(),
  client_data_update_required: z.boolean(),
  accounts: z.object({ data: z.array(z.unknown()) }),
  client_currencies: z.array(z.string()),
  currencies: z.array(z.string()),
  unread_messages_count: z.number().int(),
  unread_tickets_count: z.number().int(),
  /** Fees owed and not yet paid, oldest first (Home shows each as needing attention). */
  owed_fees: z.array(owedFeeSchema),
  documentsCount: z.number().int(),
  addressesCount: z.number().int(),
  dueDiligenceAnswered: z.boolean(),
  referral_id: z.string().nullable(),
  ondato_required: z.boolean(),
  ondato_has_active_identification: z.boolean(),
  has_processed_ondato_identification: z.boolean(),
  payment_types: z.array(z.string()),
  has_activity_type: z.boolean(),
  has_client_info: z.boolean(),
  has_document: z.boolean(),
  has_incoming_partner: z.boolean(),
  has_legal_address: z.boolean(),
  has_outgoing_partner: z.boolean(),
  has_company_structure: z.boolean(),
  approved: z.boolean(),
  /** Sent for review: everything an approval needs is in (it may still be ON_APPROVAL without). */
  application_submitted: z.boolean(),
  update_required: z.boolean(),
  profile_complete: z.boolean(),
  created_at: z.string(),
});

export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const updateRequireSchema = z.object({
  activity_require: z.boolean(),
  address_require: z.boolean(),
  client_info_require: z.boolean(),
  partners_require: z.boolean(),
});
