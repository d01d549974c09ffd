import { type ClientStatus, type ClientType, hasStatus } from './client-status';

// docs/requirements/onboarding.md, "Forced redirects": for a logged-in client, on every navigation, the first
// rule that applies decides where the client may be. Written once here, used by the router,
// and tested as a table.
export type ForcedRedirectClient = {
  type: ClientType;
  status: ClientStatus | string;
  ondato_required: boolean;
  has_legal_address: boolean;
  password_change_required: boolean;
  client_data_update_required: boolean;
};

export type ForcedRedirectSession = {
  /** The update-info page was already forced on this session (rule 6 applies once per session). */
  updateInfoShown: boolean;
};

export type ForcedRedirectReason =
  | 'phone_verification'
  | 'identification'
  | 'identity_check_required'
  | 'address'
  | 'password_change'
  | 'update_info';

export type ForcedRedirect = { to: string; reason: ForcedRedirectReason };

export const onboardingPaths = {
  phoneVerification: '/dashboard/phone-verification',
  identification: '/dashboard/identification',
  settingsIdentification: '/dashboard/settings/identification',
  address: '/dashboard/address',
  passwordChange: '/dashboard/password-change',
  updateInfo: '/dashboard/update-info',
} as const;

// The verification layout's own menu (Contacts, Password change; docs/requirements/onboarding.md)
// must work at every onboarding step, so these two are never taken away by rules 1 to 4.
const VERIFICATION_MENU_PATHS = [
  onboardingPaths.passwordChange,
  '/dashboard/settings/contacts',
  '/dashboard/settings/security',
];

// Rule 3: a client who must pass the identity check may use these pages only.
const IDENTITY_CHECK_ALLOWED_PREFIXES = [
  onboardingPaths.identification,
  '/dashboard/tickets',
  '/dashboard/settings',
];

type Rule = {
  reason: ForcedRedirectReason;
  to: string;
  applies: (client: ForcedRedirectClient, session: ForcedRedirectSession) => boolean;
  allows?: (path: string) => boolean;
  exemptsMenu: boolean;
};

const RULES: readonly Rule[] = [
  {
    reason: 'phone_verification',
    to: onboardingPaths.phoneVerification,
    applies: (client) => hasStatus(client, 'NEW'),
    exemptsMenu: true,
  },
  {
    reason: 'identification',
    to: onboardingPaths.identification,
    applies: (client) => hasStatus(client, 'VERIFIED') && client.type === 'PRIVATE',
    exemptsMenu: true,
  },
  {
    reason: 'identity_check_required',
    to: onboardingPaths.settingsIdentification,
    applies: (client) => client.ondato_required,
    allows: (path) => IDENTITY_CHECK_ALLOWED_PREFIXES.some((prefix) => isUnder(path, prefix)),
    exemptsMenu: true,
  },
  {
    reason: 'address',
    to: onboardingPaths.address,
    applies: (client) =>
      hasStatus(client, 'ON_APPROVAL') && client.type === 'PRIVATE' && !client.has_legal_address,
    exemptsMenu: true,
  },
  {
    reason: 'password_change',
    to: onboardingPaths.passwordChange,
    applies: (client) => client.password_change_required,
    exemptsMenu: false,
  },
  {
    reason: 'update_info',
    to: onboardingPaths.updateInfo,
    applies: (client, session) => client.client_data_update_required && !session.updateInfoShown,
    exemptsMenu: false,
  },
];

/**
 * Where a logged-in client on `path` must go instead, or null to stay. The first rule that
 * applies decides, so a client already on that rule's page stays there.
 */
export function forcedRedirect(
  client: ForcedRedirectClient,
  path: string,
  session: ForcedRedirectSession,
): ForcedRedirect | null {
  const current = normalisePath(path);
  for (const rule of RULES) {
    if (!rule.applies(client, session)) continue;
    const allowed =
      current === rule.to ||
      (rule.allows?.(current) ?? false) ||
      (rule.exemptsMenu && VERIFICATION_MENU_PATHS.includes(current));
    return allowed ? null : { to: rule.to, reason: rule.reason };
  }
  return null;
}

function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
