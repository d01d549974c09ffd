import { describe, expect, it } from 'vitest';
import {
  type ClientRequirement,
  clientRequirementRefusal,
  clientRequirementSchema,
} from './client-requirements';

const approved = {
  status: 'APPROVED',
  password_change_required: false,
  ondato_required: false,
  ondato_has_active_identification: false,
};

type Row = [ClientRequirement, Partial<typeof approved>, ReturnType<typeof clientRequirementRefusal>];

const table: Row[] = [
  ['require_password_change', {}, null],
  ['require_password_change', { status: 'NEW' }, null],
  ['require_password_change', { status: 'DEACTIVATION_REQUESTED' }, null],
  ['require_password_change', { status: 'DEACTIVATED' }, 'invalid_status'],
  ['require_password_change', { password_change_required: true }, 'already_required'],
  ['request_identification', {}, null],
  ['request_identification', { status: 'on_approval' }, null],
  ['request_identification', { status: 'VERIFIED' }, 'invalid_status'],
  ['request_identification', { status: 'NEW' }, 'invalid_status'],
  ['request_identification', { status: 'REJECTED' }, 'invalid_status'],
  ['request_identification', { ondato_required: true }, 'already_required'],
  ['request_identification', { ondato_has_active_identification: true }, 'identification_pending'],
];

describe('client requirements', () => {
  it.each(table)('%s for %o: %s', (requirement, change, refusal) => {
    expect(clientRequirementRefusal(requirement, { ...approved, ...change })).toBe(refusal);
  });

  it('needs a written reason without hidden characters', () => {
    expect(clientRequirementSchema.safeParse({ reason: ' Suspected phishing ' }).data).toEqual({
      reason: 'Suspected phishing',
    });
    for (const body of [
      {},
      { reason: '  ' },
      { reason: 'ok' },
      { reason: 'a\u202eb c' },
      { reason: 'x'.repeat(1001) },
    ])
      expect(clientRequirementSchema.safeParse(body).success).toBe(false);
    expect(clientRequirementSchema.safeParse({ reason: 'Fine reason', status: 'APPROVED' }).success).toBe(
      false,
    );
  });
});
