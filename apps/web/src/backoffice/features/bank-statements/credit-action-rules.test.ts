import { describe, expect, it } from 'vitest';
import { creditActions } from './credit-action-rules';

const payments = { email: 'payments@demo.test', canImport: true, canApprove: true };
const compliance = { email: 'compliance@demo.test', canImport: false, canApprove: true };

describe('creditActions', () => {
  it('offers assign and return on an unmatched credit to those who import statements', () => {
    expect(creditActions({ status: 'unmatched', assigned_by: null }, payments)).toEqual(['assign', 'return']);
    expect(creditActions({ status: 'unmatched', assigned_by: null }, compliance)).toEqual([]);
  });

  it('never offers the maker the approval of their own assignment', () => {
    const waiting = { status: 'awaiting_approval' as const, assigned_by: 'payments@demo.test' };
    expect(creditActions(waiting, payments)).toEqual(['reject', 'return']);
    expect(creditActions(waiting, compliance)).toEqual(['approve', 'reject']);
  });

  it('offers nothing on a final credit', () => {
    for (const status of ['booked', 'resolved', 'returned'] as const)
      expect(creditActions({ status, assigned_by: null }, payments)).toEqual([]);
  });
});
