import { describe, expect, it } from 'vitest';
import {
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
  idleStage,
  type RouteGuardName,
  secondsLeft,
  sessionRedirect,
  UnknownGuardError,
  updateInfoNowShown,
} from './session-rules';

type Client = Parameters<typeof sessionRedirect>[0];
const client = (change: Partial<Client> = {}): Client => ({
  type: 'PRIVATE',
  status: 'APPROVED',
  referral_id: null,
  ondato_required: false,
  has_legal_address: true,
  password_change_required: false,
  client_data_update_required: false,
  ...change,
});
const fresh = { updateInfoShown: false };
const go = (
  who: Client,
  path: string,
  guards: RouteGuardName[] = [],
  query: Record<string, string> = {},
  session = fresh,
) => sessionRedirect(who, path, query, guards, session)?.to ?? null;

// docs/requirements/onboarding.md, "Forced redirects", each hit from the dashboard, in
// their order.
describe('forced redirects on every navigation under /dashboard', () => {
  it.each([
    [
      'NEW goes to phone verification',
      client({ status: 'NEW', ondato_required: true }),
      '/dashboard/phone-verification',
    ],
    [
      'VERIFIED private goes to identification',
      client({ status: 'VERIFIED', ondato_required: true }),
      '/dashboard/identification',
    ],
    [
      'identity check needed goes to settings identification',
      client({ ondato_required: true }),
      '/dashboard/settings/identification',
    ],
    [
      'ON_APPROVAL private without address goes to address',
      client({ status: 'ON_APPROVAL', has_legal_address: false }),
      '/dashboard/address',
    ],
    [
      'password change required',
      client({ password_change_required: true, client_data_update_required: true }),
      '/dashboard/password-change',
    ],
    ['client data update required', client({ client_data_update_required: true }), '/dashboard/update-info'],
    ['approved client stays', client(), null],
    [
      'VERIFIED business stays (no identification rule)',
      client({ type: 'CORPORATE', status: 'VERIFIED' }),
      null,
    ],
  ])('%s', (_name, who, to) => {
    expect(go(who, '/dashboard')).toBe(to);
  });

  it('keeps the client on the page the rule sends to, and on the verification menu', () => {
    const isNew = client({ status: 'NEW' });
    expect(go(isNew, '/dashboard/phone-verification')).toBeNull();
    expect(go(isNew, '/dashboard/password-change')).toBeNull();
    expect(go(isNew, '/dashboard/settings/contacts')).toBeNull();
    expect(go(isNew, '/dashboard/address')).toBe('/dashboard/phone-verification');
  });

  it('lets a client under identity check visit identification, tickets and settings only', () => {
    const checked = client({ ondato_required: true });
    expect(go(checked, '/dashboard/tickets/new')).toBeNull();
    expect(go(checked, '/dashboard/settings')).toBeNull();
    expect(go(checked, '/dashboard/payments')).toBe('/dashboard/settings/identification');
  });

  it('forces update-info once per session', () => {
    const asked = client({ client_data_update_required: true });
    const first = sessionRedirect(asked, '/dashboard', {}, [], fresh);
    expect(first?.to).toBe('/dashboard/update-info');
    const shown = updateInfoNowShown(false, '/dashboard', first);
    expect(shown).toBe(true);
    expect(go(asked, '/dashboard', [], {}, { updateInfoShown: shown })).toBeNull();
    expect(updateInfoNowShown(false, '/dashboard/update-info', null)).toBe(true);
    expect(updateInfoNowShown(false, '/dashboard', null)).toBe(false);
  });
});

describe('route guards declared by routes', () => {
  it('applies them after the forced redirects', () => {
    const pending = client({ status: 'ON_APPROVAL' });
    expect(go(pending, '/dashboard/payments', ['approvedOnly'])).toBe('/dashboard/accounts');
    expect(go(client(), '/dashboard/payments', ['approvedOnly'])).toBeNull();
    expect(go(client({ status: 'NEW' }), '/dashboard/payments', ['approvedOnly'])).toBe(
      '/dashboard/phone-verification',
    );
    expect(go(client(), '/dashboard/referral', ['referral'])).toBe('/dashboard/accounts');
    expect(go(client({ referral_id: 'R1' }), '/dashboard/referral', ['referral'])).toBeNull();
    expect(go(client(), '/dashboard/settings/related-persons', ['relatedPersons'])).toBe(
      '/dashboard/settings',
    );
    expect(go(client(), '/dashboard/payments/sepa', ['payment'])).toBe('/dashboard/recipients');
    expect(go(client(), '/dashboard/payments/sepa', ['payment'], { recipient: 'r1' })).toBeNull();
    expect(go(client(), '/dashboard/x', ['restrict'])).toBe('/');
    expect(go(client(), '/dashboard/activate', ['newOnly'])).toBe('/dashboard/accounts');
  });
});

describe('idle timeout', () => {
  it('warns after 4 minutes and ends at 5', () => {
    expect(idleStage(IDLE_WARNING_MS - 1, 0)).toBe('active');
    expect(idleStage(IDLE_WARNING_MS, 0)).toBe('warning');
    expect(idleStage(IDLE_TIMEOUT_MS, 0)).toBe('expired');
    expect(secondsLeft(IDLE_WARNING_MS, 0)).toBe(60);
    expect(secondsLeft(IDLE_TIMEOUT_MS + 5_000, 0)).toBe(0);
  });
});

describe('a route asking for a guard nobody wrote', () => {
  it('fails with status 500 (the error page), never leaving the page unguarded', () => {
    expect(() =>
      sessionRedirect(client(), '/dashboard/payments', {}, ['approvedOnly', 'noSuchGuard'], fresh),
    ).toThrow(UnknownGuardError);
    try {
      sessionRedirect(client(), '/dashboard', {}, ['noSuchGuard'], fresh);
    } catch (error) {
      expect((error as UnknownGuardError).status).toBe(500);
    }
    expect(sessionRedirect(client(), '/dashboard', {}, ['approvedOnly'], fresh)).toBeNull();
  });
});
