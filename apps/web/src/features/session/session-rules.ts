import {
  approvedOnlyGuard,
  type ClientRecord,
  deactivationPageGuard,
  type ForcedRedirectReason,
  forcedRedirect,
  type GuardQuery,
  newOnlyGuard,
  onboardingPaths,
  paymentGuard,
  referralGuard,
  relatedPersonsGuard,
  restrictGuard,
} from '@bluepeak/core/onboarding';

// The router glue of the forced redirects and route guards (docs/requirements/onboarding.md), as pure
// functions so they are tested as tables: on every navigation under /dashboard the forced redirects
// come first (in their fixed order, from packages/core), then the guards the matched routes ask for.
export const routeGuardNames = [
  'approvedOnly',
  'deactivation',
  'newOnly',
  'referral',
  'relatedPersons',
  'payment',
  'restrict',
] as const;
export type RouteGuardName = (typeof routeGuardNames)[number];

/**
 * docs/error-catalogue.md, "Unknown middleware": a route that asks for a guard nobody wrote is a
 * bug of ours, and shows the 500 page rather than a page left unguarded.
 */
export class UnknownGuardError extends Error {
  readonly status = 500;
  constructor(readonly guard: string) {
    super(`Unknown route guard: ${guard}`);
    this.name = 'UnknownGuardError';
  }
}

function isRouteGuardName(name: string): name is RouteGuardName {
  return (routeGuardNames as readonly string[]).includes(name);
}

/** What a route declares in `handle` to be guarded: `{ guards: ['approvedOnly'] }`. */
export type GuardedHandle = { guards?: readonly RouteGuardName[] };

export type SessionRedirect = { to: string; reason: ForcedRedirectReason | RouteGuardName };

type Client = Pick<
  ClientRecord,
  | 'type'
  | 'status'
  | 'referral_id'
  | 'ondato_required'
  | 'has_legal_address'
  | 'password_change_required'
  | 'client_data_update_required'
>;

function runGuard(name: RouteGuardName, client: Client, query: GuardQuery): string | null {
  switch (name) {
    case 'approvedOnly':
      return approvedOnlyGuard(client);
    case 'deactivation':
      return deactivationPageGuard(client);
    case 'newOnly':
      return newOnlyGuard(client);
    case 'referral':
      return referralGuard(client);
    case 'relatedPersons':
      return relatedPersonsGuard(client);
    case 'payment':
      return paymentGuard(query);
    case 'restrict':
      return restrictGuard();
  }
}

export function sessionRedirect(
  client: Client,
  path: string,
  query: GuardQuery,
  guards: readonly string[],
  session: { updateInfoShown: boolean },
): SessionRedirect | null {
  const unknown = guards.find((guard) => !isRouteGuardName(guard));
  if (unknown !== undefined) throw new UnknownGuardError(unknown);
  const forced = forcedRedirect(client, path, session);
  if (forced) return forced;
  for (const guard of guards as readonly RouteGuardName[]) {
    const to = runGuard(guard, client, query);
    if (to !== null && to !== path) return { to, reason: guard };
  }
  return null;
}

/**
 * Rule 6 forces the update-info page once per session: it counts as shown once the client is
 * sent there or opens it.
 */
export function updateInfoNowShown(shown: boolean, path: string, redirect: SessionRedirect | null): boolean {
  return shown || redirect?.reason === 'update_info' || path === onboardingPaths.updateInfo;
}

// PSD2 RTS: the server ends a session after 5 idle minutes. The browser warns a minute before
// and offers to stay; at the limit it logs out itself rather than wait for a refused request.
export const IDLE_WARNING_MS = 4 * 60_000;
export const IDLE_TIMEOUT_MS = 5 * 60_000;

export type IdleStage = 'active' | 'warning' | 'expired';

export function idleStage(nowMs: number, lastActivityMs: number): IdleStage {
  const idle = nowMs - lastActivityMs;
  if (idle >= IDLE_TIMEOUT_MS) return 'expired';
  if (idle >= IDLE_WARNING_MS) return 'warning';
  return 'active';
}

/** Whole seconds left before the session ends, for the warning dialog. */
export function secondsLeft(nowMs: number, lastActivityMs: number): number {
  return Math.max(0, Math.ceil((lastActivityMs + IDLE_TIMEOUT_MS - nowMs) / 1000));
}
