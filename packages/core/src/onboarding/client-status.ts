import { z } from 'zod';

// docs/requirements/onboarding.md: NEW, VERIFIED, ON_APPROVAL and APPROVED, compared case-insensitively. The
// others are ours: an application can be refused, and a client can ask to close
// (docs/requirements/deactivation.md: a request is reviewed within 24 hours).
export const clientStatuses = [
  'NEW',
  'VERIFIED',
  'ON_APPROVAL',
  'APPROVED',
  'REJECTED',
  'DEACTIVATION_REQUESTED',
  'DEACTIVATED',
] as const;
export type ClientStatus = (typeof clientStatuses)[number];

export const clientStatusSchema = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(clientStatuses));

export const clientTypes = ['PRIVATE', 'CORPORATE'] as const;
export type ClientType = (typeof clientTypes)[number];
export const clientTypeSchema = z.enum(clientTypes);

/** Case-insensitive status comparison (docs/requirements/onboarding.md). */
export function hasStatus(client: { status: string }, status: ClientStatus): boolean {
  return client.status.toUpperCase() === status;
}

export const complianceFlags = [
  'has_activity_type',
  'has_client_info',
  'has_document',
  'has_incoming_partner',
  'has_legal_address',
  'has_outgoing_partner',
  'has_company_structure',
] as const;
export type ComplianceFlag = (typeof complianceFlags)[number];

export const updateRequireFlags = [
  'activity_require',
  'address_require',
  'client_info_require',
  'partners_require',
] as const;
export type UpdateRequireFlag = (typeof updateRequireFlags)[number];
export type UpdateRequire = Record<UpdateRequireFlag, boolean>;
