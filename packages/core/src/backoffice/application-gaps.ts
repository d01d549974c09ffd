import { z } from 'zod';

// What an application still lacks before a compliance officer may approve it. The API refuses an
// approval while any gap is open, and the back office lists the gaps instead of offering an
// Approve that would fail: both read this one rule.
export const applicationGaps = [
  'not_submitted',
  'identification',
  'address',
  'activity_type',
  'client_info',
  'incoming_partner',
  'outgoing_partner',
  'company_structure',
  'document',
] as const;
export type ApplicationGap = (typeof applicationGaps)[number];
export const applicationGapSchema = z.enum(applicationGaps);

export type GapClient = {
  type: 'PRIVATE' | 'CORPORATE';
  submitted: boolean;
  has_processed_ondato_identification: boolean;
  ondato_required: boolean;
  has_legal_address: boolean;
  has_activity_type: boolean;
  has_client_info: boolean;
  has_incoming_partner: boolean;
  has_outgoing_partner: boolean;
  has_company_structure: boolean;
  has_document: boolean;
};

const COMPANY_STEPS = [
  ['activity_type', 'has_activity_type'],
  ['client_info', 'has_client_info'],
  ['incoming_partner', 'has_incoming_partner'],
  ['outgoing_partner', 'has_outgoing_partner'],
  ['company_structure', 'has_company_structure'],
  ['document', 'has_document'],
] as const satisfies readonly (readonly [ApplicationGap, keyof GapClient])[];

/** The gaps of `client`'s application, in the order the client meets the steps; none: approvable. */
export function applicationGapsOf(client: GapClient): ApplicationGap[] {
  const gaps: ApplicationGap[] = [];
  if (!client.submitted) gaps.push('not_submitted');
  if (!client.has_processed_ondato_identification || client.ondato_required) gaps.push('identification');
  if (!client.has_legal_address) gaps.push('address');
  if (client.type === 'CORPORATE') {
    for (const [gap, flag] of COMPANY_STEPS) if (!client[flag]) gaps.push(gap);
  }
  return gaps;
}
