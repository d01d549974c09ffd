import type { ClientRecord } from '@bluepeak/core/onboarding';

/** A verified private client who has given nothing yet: the start of the application's state tables. */
export const progressClient = {
  type: 'PRIVATE' as ClientRecord['type'],
  status: 'VERIFIED' as ClientRecord['status'],
  ondato_required: false,
  ondato_has_active_identification: false,
  has_processed_ondato_identification: false,
  has_legal_address: false,
  has_activity_type: false,
  has_client_info: false,
  has_incoming_partner: false,
  has_outgoing_partner: false,
  has_company_structure: false,
  has_document: false,
  application_submitted: false,
};
