import type { ClientRecord } from '@bluepeak/core/onboarding';
import { describe, expect, it } from 'vitest';
import { applicationState, companyStepsLeft, progressSteps } from './application-progress';

const base = {
  type: 'PRIVATE' as ClientRecord['type'],
  status: 'VERIFIED' as ClientRecord['status'],
  ondato_required: false,
  ondato_has_active_identification: false,
  has_processed_ondato_identification: false,
  has_legal_address: false,
  has_activity_type: false,
  has_client_info: false,
  has_incoming_partner: false,
  has_outgoing_partner: false,
  has_company_structure: false,
  has_document: false,
};
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
    expect(applicationState({ ...base, status: 'ON_APPROVAL' })).toBe('in_review');
    expect(states({ ...base, status: 'ON_APPROVAL' }).at(-1)).toBe('review:current');
    expect(states({ ...base, status: 'APPROVED' }).every((step) => step.endsWith(':done'))).toBe(true);
  });

  it('asks again for an identity check the officer requested', () => {
    const client = { ...base, has_processed_ondato_identification: true, ondato_required: true };
    expect(states(client)).toContain('identification:current');
  });
});
