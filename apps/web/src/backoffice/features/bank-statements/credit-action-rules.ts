import type { BankCredit } from '@bluepeak/core/backoffice';

// Which actions the back office offers on a bank credit, from the same rules the API applies:
// an unmatched credit can be assigned or returned by whoever imports statements; an assignment
// waiting for approval can be approved only by a different operator who may approve, rejected
// by any of them, or the credit returned. A booked, resolved or returned credit is final.
export type CreditAction = 'assign' | 'return' | 'approve' | 'reject';

export function creditActions(
  credit: Pick<BankCredit, 'status' | 'assigned_by'>,
  operator: { email: string; canImport: boolean; canApprove: boolean },
): CreditAction[] {
  if (credit.status === 'unmatched') return operator.canImport ? ['assign', 'return'] : [];
  if (credit.status !== 'awaiting_approval') return [];
  const actions: CreditAction[] = [];
  if (operator.canApprove && credit.assigned_by !== operator.email) actions.push('approve');
  if (operator.canApprove) actions.push('reject');
  if (operator.canImport) actions.push('return');
  return actions;
}
