import { clientStatuses } from '@bluepeak/core/onboarding';
import { describe, expect, it } from 'vitest';
import { applicationState, companyStepsLeft, progressSteps } from './application-progress';
import { progressClient } from './testing/progress-client';

const base = progressClient;
const states = (client: typeof base) => progressSteps(client).map((step) => `${step.step}:${step.state}`);

describe('application progress', () => {
  it('shows a new private client its phone as the current step', () => {
    expect(states({ ...base, status: 'NEW' })).toEqual([
      'sign_up:done',
      'phone:current',
      'identification:todo',
      'address:todo',
      'review:todo',
    ]);
  });

  it('shows a verified business with seven company steps left the company step, not "once approved"', () => {
    const business = { ...base, type: 'CORPORATE' as const, has_processed_ondato_identification: true };
    expect(companyStepsLeft(business)).toBe(7);
    expect(applicationState(business)).toBe('company_steps');
    expect(states(business)).toContain('company:current');
  });

  it('puts a submitted application in review, and an approved one all done', () => {
    const sent = { ...base, status: 'ON_APPROVAL' as const, application_submitted: true };
    expect(applicationState(sent)).toBe('in_review');
    expect(states(sent).at(-1)).toBe('review:current');
    expect(states({ ...base, status: 'APPROVED' }).every((step) => step.endsWith(':done'))).toBe(true);
  });

  it('asks again for an identity check the officer requested', () => {
    const client = { ...base, has_processed_ondato_identification: true, ondato_required: true };
    expect(states(client)).toContain('identification:current');
  });

  it('keeps a private client with its identity approved on the address step until it is given', () => {
    const checked = { ...base, status: 'ON_APPROVAL' as const, has_processed_ondato_identification: true };
    expect(applicationState(checked)).toBe('details');
    expect(states(checked)).toEqual([
      'sign_up:done',
      'phone:done',
      'identification:done',
      'address:current',
      'review:todo',
    ]);
  });

  it('tells a business with its registration done that its identity check is what is missing', () => {
    const registered = {
      ...base,
      type: 'CORPORATE' as const,
      has_legal_address: true,
      has_activity_type: true,
      has_client_info: true,
      has_incoming_partner: true,
      has_outgoing_partner: true,
      has_company_structure: true,
      has_document: true,
    };
    expect(applicationState(registered)).toBe('identification');
    expect(states(registered)).toContain('identification:current');
    const sent = { ...registered, ondato_has_active_identification: true };
    expect(applicationState(sent)).toBe('identification_checking');
    expect(states(sent)).toContain('review:current');
    const again = { ...registered, has_processed_ondato_identification: true, ondato_required: true };
    expect(applicationState(again)).toBe('identification');
  });

  it('says one thing for every state a client can be in', () => {
    const seen = new Set<string>();
    for (const type of ['PRIVATE', 'CORPORATE'] as const)
      for (const status of clientStatuses)
        for (const identity of [false, true])
          for (const submitted of [false, true]) {
            const client = {
              ...base,
              type,
              status,
              has_processed_ondato_identification: identity,
              application_submitted: submitted,
            };
            seen.add(applicationState(client));
            // Exactly one step is current until the account is open, and none after a decision.
            const current = states(client).filter((step) => step.endsWith(':current'));
            expect(current.length, `${type} ${status}`).toBeLessThanOrEqual(1);
          }
    expect([...seen].sort()).toEqual(
      [
        'closed',
        'company_steps',
        'details',
        'identification',
        'in_review',
        'rejected',
        'verify_phone',
      ].sort(),
    );
  });
});
