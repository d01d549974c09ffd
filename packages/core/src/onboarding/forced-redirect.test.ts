import { describe, expect, it } from 'vitest';
import { type ForcedRedirectClient, forcedRedirect, onboardingPaths } from './forced-redirect';

const approvedPrivate: ForcedRedirectClient = {
  type: 'PRIVATE',
  status: 'APPROVED',
  ondato_required: false,
  has_legal_address: true,
  password_change_required: false,
  client_data_update_required: false,
};
const fresh = { updateInfoShown: false };
const shown = { updateInfoShown: true };

type Row = [string, Partial<ForcedRedirectClient>, string, typeof fresh, string | null];

// One row per rule of docs/requirements/onboarding.md, plus the order between rules and the pages
// each allows.
const table: Row[] = [
  [
    '1 NEW goes to phone verification',
    { status: 'NEW' },
    '/dashboard',
    fresh,
    onboardingPaths.phoneVerification,
  ],
  ['1 NEW stays on phone verification', { status: 'NEW' }, '/dashboard/phone-verification', fresh, null],
  [
    '1 status is case-insensitive',
    { status: 'new' },
    '/dashboard/payments',
    fresh,
    onboardingPaths.phoneVerification,
  ],
  [
    '1 wins over rule 5',
    { status: 'NEW', password_change_required: true },
    '/dashboard',
    fresh,
    onboardingPaths.phoneVerification,
  ],
  [
    '1 NEW business too',
    { status: 'NEW', type: 'CORPORATE' },
    '/dashboard',
    fresh,
    onboardingPaths.phoneVerification,
  ],
  ['1 verification menu stays reachable', { status: 'NEW' }, '/dashboard/password-change', fresh, null],
  ['1 security stays reachable', { status: 'NEW' }, '/dashboard/settings/security', fresh, null],
  [
    '2 VERIFIED private goes to identification',
    { status: 'VERIFIED' },
    '/dashboard/accounts',
    fresh,
    onboardingPaths.identification,
  ],
  [
    '2 even from settings identification',
    { status: 'VERIFIED', ondato_required: true },
    '/dashboard/settings/identification',
    fresh,
    onboardingPaths.identification,
  ],
  [
    '2 not for VERIFIED business',
    { status: 'VERIFIED', type: 'CORPORATE' },
    '/dashboard/settings',
    fresh,
    null,
  ],
  [
    '3 ondato_required limits pages',
    { ondato_required: true },
    '/dashboard/payments',
    fresh,
    onboardingPaths.settingsIdentification,
  ],
  ['3 allows identification', { ondato_required: true }, '/dashboard/identification', fresh, null],
  ['3 allows tickets', { ondato_required: true }, '/dashboard/tickets/12', fresh, null],
  ['3 allows settings', { ondato_required: true }, '/dashboard/settings/contacts', fresh, null],
  [
    '3 not fooled by a prefix',
    { ondato_required: true },
    '/dashboard/settingsx',
    fresh,
    onboardingPaths.settingsIdentification,
  ],
  [
    '3 wins over rule 5 on an allowed page',
    { ondato_required: true, password_change_required: true },
    '/dashboard/tickets',
    fresh,
    null,
  ],
  [
    '4 ON_APPROVAL private without address',
    { status: 'ON_APPROVAL', has_legal_address: false },
    '/dashboard',
    fresh,
    onboardingPaths.address,
  ],
  [
    '4 stays on address',
    { status: 'ON_APPROVAL', has_legal_address: false },
    '/dashboard/address?x=1',
    fresh,
    null,
  ],
  ['4 not with an address', { status: 'ON_APPROVAL' }, '/dashboard', fresh, null],
  [
    '4 not for business',
    { status: 'ON_APPROVAL', type: 'CORPORATE', has_legal_address: false },
    '/dashboard',
    fresh,
    null,
  ],
  [
    '5 password change required',
    { password_change_required: true },
    '/dashboard/accounts',
    fresh,
    onboardingPaths.passwordChange,
  ],
  [
    '5 stays on password change',
    { password_change_required: true },
    '/dashboard/password-change',
    fresh,
    null,
  ],
  [
    '5 wins over rule 6',
    { password_change_required: true, client_data_update_required: true },
    '/dashboard',
    fresh,
    onboardingPaths.passwordChange,
  ],
  [
    '6 update-info once per session',
    { client_data_update_required: true },
    '/dashboard',
    fresh,
    onboardingPaths.updateInfo,
  ],
  ['6 not twice', { client_data_update_required: true }, '/dashboard', shown, null],
  ['6 trailing slash ignored', { client_data_update_required: true }, '/dashboard/update-info/', fresh, null],
  ['none apply', {}, '/dashboard/payments', fresh, null],
];

describe('forcedRedirect (in order)', () => {
  it.each(table)('%s', (_name, overrides, path, session, expected) => {
    const result = forcedRedirect({ ...approvedPrivate, ...overrides }, path, session);
    expect(result?.to ?? null).toBe(expected);
  });
});
