import { describe, expect, it } from 'vitest';
import {
  accountDisplayName,
  badgeLabel,
  clientInitial,
  formatNotificationDate,
  isNearBottom,
  isSidebarItemActive,
  nextPageAfter,
  openableCurrencies,
  settingsNeedsAttention,
  sidebarItems,
  signedAmount,
} from './dashboard-rules';

const approvedPrivate = {
  type: 'PRIVATE' as const,
  status: 'APPROVED' as const,
  client_data_update_required: false,
  has_activity_type: false,
  has_client_info: false,
  has_document: false,
  has_incoming_partner: false,
  has_legal_address: true,
  has_outgoing_partner: false,
  has_company_structure: false,
  unread_tickets_count: 0,
};

const noUpdates = {
  activity_require: false,
  address_require: false,
  client_info_require: false,
  partners_require: false,
};

describe('the sidebar badge (99+)', () => {
  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(12_345)).toBe('99+');
  });

  it('shows nothing for none, negative or unknown counts', () => {
    expect(badgeLabel(0)).toBeUndefined();
    expect(badgeLabel(-3)).toBeUndefined();
    expect(badgeLabel(undefined)).toBeUndefined();
    expect(badgeLabel(null)).toBeUndefined();
    expect(badgeLabel(Number.NaN)).toBeUndefined();
  });
});

describe("the user menu's initial", () => {
  it("is the name's first letter in capitals", () => {
    expect(clientInitial('anna Schmidt')).toBe('A');
    expect(clientInitial('  Örjan')).toBe('Ö');
    expect(clientInitial('Acme Ltd')).toBe('A');
  });

  it('is U when the name is blank', () => {
    expect(clientInitial('')).toBe('U');
    expect(clientInitial('   ')).toBe('U');
    expect(clientInitial(null)).toBe('U');
    expect(clientInitial(undefined)).toBe('U');
  });
});

it("names an account 'name (currency code)'", () => {
  expect(accountDisplayName({ name: 'Main', currency: { code: 'EUR' } })).toBe('Main (EUR)');
});

describe('the sidebar items', () => {
  it('are the seven sidebar items, in order, all enabled for an approved client', () => {
    const items = sidebarItems(approvedPrivate, noUpdates);
    expect(items.map((item) => item.key)).toEqual([
      'home',
      'payments',
      'escrow',
      'statements',
      'messages',
      'recipients',
      'settings',
    ]);
    expect(items.every((item) => !item.disabled)).toBe(true);
    expect(items.find((item) => item.key === 'settings')?.attention).toBe(false);
  });

  it('disable Payments, Escrow, Statements and Recipients unless approved (case-insensitive status)', () => {
    for (const status of ['NEW', 'VERIFIED', 'ON_APPROVAL', 'REJECTED'] as const) {
      const disabled = sidebarItems({ ...approvedPrivate, status })
        .filter((item) => item.disabled)
        .map((item) => item.key);
      expect(disabled).toEqual(['payments', 'escrow', 'statements', 'recipients']);
    }
    // Each says why: not approved yet, or (asked to close) being closed.
    expect(
      sidebarItems({ ...approvedPrivate, status: 'VERIFIED' }).find((item) => item.disabled)?.reason,
    ).toBe('approved_only');
    const closing = sidebarItems({ ...approvedPrivate, status: 'DEACTIVATION_REQUESTED' }).filter(
      (item) => item.disabled,
    );
    expect(closing.map((item) => item.reason)).toEqual(['closing', 'closing', 'closing', 'closing']);
    const lower = { ...approvedPrivate, status: 'approved' as unknown as 'APPROVED' };
    expect(sidebarItems(lower).some((item) => item.disabled)).toBe(false);
    expect(sidebarItems(undefined).filter((item) => item.disabled)).toHaveLength(4);
  });

  it('badge Messages with the unread ticket count, hidden when there is none', () => {
    const messages = (count: number | undefined) =>
      sidebarItems({ ...approvedPrivate, unread_tickets_count: count }).find(
        (item) => item.key === 'messages',
      );
    expect(messages(3)?.badge).toBe('3');
    expect(messages(250)?.badge).toBe('99+');
    expect(messages(0)?.badge).toBeUndefined();
    expect(messages(undefined)?.badge).toBeUndefined();
  });
});

describe('the red mark on Settings', () => {
  it('shows when a private client has no legal address', () => {
    expect(settingsNeedsAttention({ ...approvedPrivate, has_legal_address: false })).toBe(true);
  });

  it('shows when a corporate client misses any compliance part', () => {
    const complete = {
      ...approvedPrivate,
      type: 'CORPORATE' as const,
      has_activity_type: true,
      has_client_info: true,
      has_document: true,
      has_incoming_partner: true,
      has_outgoing_partner: true,
      has_company_structure: true,
    };
    expect(settingsNeedsAttention(complete)).toBe(false);
    expect(settingsNeedsAttention({ ...complete, has_outgoing_partner: false })).toBe(true);
  });

  it('shows when a data update is required, by the client flag or any update_require flag', () => {
    expect(settingsNeedsAttention({ ...approvedPrivate, client_data_update_required: true })).toBe(true);
    expect(settingsNeedsAttention(approvedPrivate, { ...noUpdates, partners_require: true })).toBe(true);
    expect(settingsNeedsAttention(approvedPrivate, noUpdates)).toBe(false);
  });
});

describe('notifications paging', () => {
  it('is near the bottom within 10 px, and not before', () => {
    expect(isNearBottom({ scrollTop: 490, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 489, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });

  it('asks for the next page until the last', () => {
    expect(nextPageAfter({ page: 1, total_pages: 3 })).toBe(2);
    expect(nextPageAfter({ page: 3, total_pages: 3 })).toBeUndefined();
    expect(nextPageAfter({ page: 1, total_pages: 0 })).toBeUndefined();
  });

  it('dates show day, short month and year in UTC', () => {
    expect(formatNotificationDate('2025-03-05T23:30:00Z', 'en-GB')).toBe('5 Mar 2025');
    expect(formatNotificationDate('2025-03-05T23:30:00-02:00', 'en-GB')).toBe('6 Mar 2025');
    expect(formatNotificationDate('2025-03-05T10:00:00Z', 'de-DE')).toMatch(/^5\. März 2025$/);
    expect(formatNotificationDate('not a date', 'en-GB')).toBe('');
  });
});

it('offers the currencies the client does not hold yet', () => {
  expect(openableCurrencies(['EUR', 'GBP', 'USD', 'usd'], ['EUR'])).toEqual(['GBP', 'USD']);
  expect(openableCurrencies(['EUR'], ['eur'])).toEqual([]);
});

it('signs debits with a minus and credits without', () => {
  expect(signedAmount({ direction: 'debit', amount: 1_250 })).toBe(-1_250);
  expect(signedAmount({ direction: 'credit', amount: 1_250 })).toBe(1_250);
});

describe('the sidebar item that is lit', () => {
  it('keeps Payments lit while a payee is chosen or added for a payment', () => {
    expect(isSidebarItemActive('/dashboard/payments', '/dashboard/recipients/choose', '?type=sepa')).toBe(
      true,
    );
    expect(isSidebarItemActive('/dashboard/recipients', '/dashboard/recipients/choose', '?type=sepa')).toBe(
      false,
    );
    expect(
      isSidebarItemActive('/dashboard/payments', '/dashboard/recipients/new', '?type=sepa&next=payment'),
    ).toBe(true);
    expect(isSidebarItemActive('/dashboard/recipients', '/dashboard/recipients/new', '')).toBe(true);
    expect(isSidebarItemActive('/dashboard/accounts', '/dashboard')).toBe(true);
    expect(isSidebarItemActive('/dashboard/payments', '/dashboard/payments/batch/new')).toBe(true);
  });
});
