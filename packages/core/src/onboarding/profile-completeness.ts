import { type ClientType, type ComplianceFlag, complianceFlags } from './client-status';

// docs/requirements/onboarding.md, "Profile completeness": a private client needs a legal address;
// a corporate client needs all seven compliance flags. A complete profile is what sends an
// application for review (ON_APPROVAL), and an incomplete one puts a red mark on Settings.
export type CompletenessInput = { type: ClientType } & Record<ComplianceFlag, boolean>;

export function missingProfileParts(client: CompletenessInput): ComplianceFlag[] {
  if (client.type === 'PRIVATE') return client.has_legal_address ? [] : ['has_legal_address'];
  return complianceFlags.filter((flag) => !client[flag]);
}

export function isProfileComplete(client: CompletenessInput): boolean {
  return missingProfileParts(client).length === 0;
}
