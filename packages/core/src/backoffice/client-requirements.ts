import { z } from 'zod';
import { type ClientStatus, clientStatuses, hasStatus } from '../onboarding/client-status';
import { plainText } from '../schemas/plain-text';

// Two compliance actions that make forced redirects 3 and 5 of docs/requirements/onboarding.md reachable: an
// operator requires a password change (rule 5), or asks an onboarded client to pass the
// identity check again (rule 3). Each needs a written reason, which the client is told.
export const clientRequirements = ['require_password_change', 'request_identification'] as const;
export type ClientRequirement = (typeof clientRequirements)[number];

export const clientRequirementSchema = z.strictObject({
  reason: plainText(1000, 3),
});
export type ClientRequirementInput = z.infer<typeof clientRequirementSchema>;

export type ClientRequirementRefusal = 'invalid_status' | 'already_required' | 'identification_pending';

type RequirementClient = {
  status: string;
  password_change_required: boolean;
  ondato_required: boolean;
  ondato_has_active_identification: boolean;
};

const ALLOWED_STATUSES: Record<ClientRequirement, readonly ClientStatus[]> = {
  // Anyone who can still log in; a closed account has no password worth changing.
  require_password_change: clientStatuses.filter((status) => status !== 'DEACTIVATED'),
  // Before ON_APPROVAL the first identity check is still ahead of the client (rule 2).
  request_identification: ['ON_APPROVAL', 'APPROVED'],
};

/** Why `requirement` cannot be placed on `client` now, or null when it can. */
export function clientRequirementRefusal(
  requirement: ClientRequirement,
  client: RequirementClient,
): ClientRequirementRefusal | null {
  if (!ALLOWED_STATUSES[requirement].some((status) => hasStatus(client, status))) return 'invalid_status';
  if (requirement === 'require_password_change') {
    return client.password_change_required ? 'already_required' : null;
  }
  // A check under review is decided first: asking for another would leave two in flight.
  if (client.ondato_has_active_identification) return 'identification_pending';
  return client.ondato_required ? 'already_required' : null;
}
