import { type ClientStatus, type ClientType, hasStatus } from './client-status';

// docs/requirements/onboarding.md, "Route guards": each returns where to go instead, or null to let the
// navigation through. Query values are what the hash router parsed from `?…`.
export type GuardQuery = Readonly<Record<string, string | undefined>>;
export type GuardClient = { type: ClientType; status: ClientStatus | string; referral_id: string | null };

export const guardTargets = {
  index: '/',
  dashboardAccounts: '/dashboard/accounts',
  dashboardRecipients: '/dashboard/recipients',
  dashboardSettings: '/dashboard/settings',
} as const;

const present = (value: string | undefined) => value !== undefined && value !== '';

/** E-mail confirmation pages need `hash`, otherwise index. */
export function confirmEmailGuard(query: GuardQuery): string | null {
  return present(query.hash) ? null : guardTargets.index;
}

/** The payment route needs `payment` or `recipient`, otherwise the recipients list. */
export function paymentGuard(query: GuardQuery): string | null {
  return present(query.payment) || present(query.recipient) ? null : guardTargets.dashboardRecipients;
}

/** The referral page needs the client to have a referral_id. */
export function referralGuard(client: GuardClient): string | null {
  return client.referral_id ? null : guardTargets.dashboardAccounts;
}

/** The restrict guard always sends to index. */
export function restrictGuard(): string {
  return guardTargets.index;
}

/** Private clients have no related persons; they go to settings. */
export function relatedPersonsGuard(client: GuardClient): string | null {
  return client.type === 'PRIVATE' ? guardTargets.dashboardSettings : null;
}

/** Payments, Statements and Recipients are for approved clients only (docs/requirements/security.md). */
export function approvedOnlyGuard(client: GuardClient): string | null {
  return hasStatus(client, 'APPROVED') ? null : guardTargets.dashboardAccounts;
}

/**
 * The account-deactivation page is for approved clients, and stays open to a client whose
 * request is waiting for review, so the request can be followed and withdrawn.
 */
export function deactivationPageGuard(client: GuardClient): string | null {
  return hasStatus(client, 'APPROVED') || hasStatus(client, 'DEACTIVATION_REQUESTED')
    ? null
    : guardTargets.dashboardAccounts;
}

export function newOnlyGuard(client: GuardClient): string | null {
  return hasStatus(client, 'NEW') ? null : guardTargets.dashboardAccounts;
}
