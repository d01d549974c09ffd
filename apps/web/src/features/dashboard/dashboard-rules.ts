import { accountDisplayName as nameOfAccount } from '@bluepeak/core/accounts';
import type { ClientRecord, UpdateRequire } from '@bluepeak/core/onboarding';
import { hasStatus, isProfileComplete } from '@bluepeak/core/onboarding';
import { type MoneyBlock, moneyBlockOf } from '../../lib/application-progress';

// The dashboard frame's rules (docs/requirements/public-site.md, "Layouts"), as pure functions so
// they are tested without a browser and the layout only renders what they decide.

/** The sidebar's unread badge caps at 99+ (docs/requirements/tariff.md); nothing shows for none. */
export const BADGE_CAP = 99;

export function badgeLabel(count: number | null | undefined): string | undefined {
  if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) return undefined;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** The user menu shows the first letter of the client's name, or U when it is blank. */
export function clientInitial(name: string | null | undefined): string {
  const first = Array.from(name?.trim() ?? '')[0];
  return first ? first.toLocaleUpperCase() : 'U';
}

/** docs/requirements/accounts.md: an account's display name is 'name (currency code)' (core's rule). */
export function accountDisplayName(account: { name: string; currency: { code: string } }): string {
  return nameOfAccount({ name: account.name, currency: account.currency.code });
}

type SidebarClient = Pick<
  ClientRecord,
  | 'type'
  | 'status'
  | 'client_data_update_required'
  | 'has_activity_type'
  | 'has_client_info'
  | 'has_document'
  | 'has_incoming_partner'
  | 'has_legal_address'
  | 'has_outgoing_partner'
  | 'has_company_structure'
> & { unread_tickets_count?: number | null };

export function isApproved(client: { status: string } | undefined): boolean {
  return client ? hasStatus(client, 'APPROVED') : false;
}

/** Settings gets a red mark when the profile is incomplete or a data update is required. */
export function settingsNeedsAttention(client: SidebarClient, updateRequire?: UpdateRequire): boolean {
  if (!isProfileComplete(client) || client.client_data_update_required) return true;
  if (!updateRequire) return false;
  return Object.values(updateRequire).some(Boolean);
}

export const sidebarKeys = [
  'home',
  'payments',
  'escrow',
  'statements',
  'messages',
  'recipients',
  'settings',
] as const;
export type SidebarKey = (typeof sidebarKeys)[number];

export type SidebarItem = {
  key: SidebarKey;
  to: string;
  disabled: boolean;
  /** Why a disabled item is: not approved yet, or the account is being closed. */
  reason?: MoneyBlock;
  badge?: string;
  attention: boolean;
};

const PATHS: Record<SidebarKey, string> = {
  home: '/dashboard/accounts',
  payments: '/dashboard/payments',
  escrow: '/dashboard/escrow',
  statements: '/dashboard/statements',
  messages: '/dashboard/tickets',
  recipients: '/dashboard/recipients',
  settings: '/dashboard/settings',
};

const APPROVED_ONLY: ReadonlySet<SidebarKey> = new Set(['payments', 'escrow', 'statements', 'recipients']);

/**
 * The sidebar items in their fixed order. Before the client record arrives everything
 * approved-only stays disabled, so a click never races the record.
 */
export function sidebarItems(
  client: SidebarClient | undefined,
  updateRequire?: UpdateRequire,
): SidebarItem[] {
  // No record yet: closed as for an unapproved client, so a click never races the record.
  const blocked = client ? moneyBlockOf(client.status) : 'approved_only';
  return sidebarKeys.map((key) => ({
    key,
    to: PATHS[key],
    disabled: APPROVED_ONLY.has(key) && blocked !== null,
    ...(APPROVED_ONLY.has(key) && blocked !== null ? { reason: blocked } : {}),
    badge: key === 'messages' ? badgeLabel(client?.unread_tickets_count) : undefined,
    attention: key === 'settings' && client !== undefined && settingsNeedsAttention(client, updateRequire),
  }));
}

/**
 * Whether the sidebar item at `to` is the current one. Choosing or adding a payee on the way to
 * a payment (`recipients/choose`, `payments/recipients`, a new recipient with `next=payment`)
 * is part of paying: Payments stays lit, not Recipients.
 */
export function isSidebarItemActive(to: string, pathname: string, search = ''): boolean {
  const paying =
    pathname.startsWith('/dashboard/recipients/choose') ||
    (pathname === '/dashboard/recipients/new' && /[?&]next=(payment|batch)\b/.test(search));
  if (paying) return to === PATHS.payments;
  return pathname === to || pathname.startsWith(`${to}/`) || (to === PATHS.home && pathname === '/dashboard');
}

/** docs/requirements/tariff.md: the next notifications page loads within 10 px of the scroll bottom. */
export const NEAR_BOTTOM_PX = 10;

export function isNearBottom(box: {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= NEAR_BOTTOM_PX;
}

/** The page after the last one loaded, or undefined when the last loaded was the last page. */
export function nextPageAfter(meta: { page: number; total_pages: number }): number | undefined {
  return meta.page < meta.total_pages ? meta.page + 1 : undefined;
}

/** docs/requirements/accounts.md: notifications show day, short month and year ('5 Mar 2025'), in UTC. */
export function formatNotificationDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The currencies a client may still open an account in: offered ones it does not hold. */
export function openableCurrencies(offered: readonly string[], held: readonly string[]): string[] {
  const have = new Set(held.map((code) => code.toUpperCase()));
  return [...new Set(offered.map((code) => code.toUpperCase()))].filter((code) => !have.has(code));
}

/** docs/requirements/public-site.md: a debit shows with a minus sign, a credit without. */
export function signedAmount(line: { direction: 'credit' | 'debit'; amount: number }): number {
  return line.direction === 'debit' ? -Math.abs(line.amount) : Math.abs(line.amount);
}
