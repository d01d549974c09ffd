import { type EscrowDeal, escrowStatuses } from '@bluepeak/core/escrow';
import { describe, expect, it } from 'vitest';
import {
  type DealActions,
  dealActions,
  type EscrowRole,
  hasActionsCard,
  hasChangesCard,
} from './deal-actions';

type Deal = Parameters<typeof dealActions>[0];
type Status = EscrowDeal['status'];

const condition = (id: string, presenter: EscrowRole, status: 'open' | 'submitted' | 'met' | 'rejected') => ({
  id,
  position: 1,
  description: id,
  presenter,
  status,
  decision_reason: null,
  decided_at: null,
  fee: null,
  documents: [],
});

const deal = (status: Status, over: Partial<Deal> = {}): Deal => ({
  status,
  proposed_by: 'buyer',
  refund_agreed_by: [],
  outside_seller: null,
  changes: [],
  conditions: [
    condition('seller-open', 'seller', 'open'),
    condition('buyer-met', 'buyer', 'met'),
    condition('buyer-rejected', 'buyer', 'rejected'),
  ],
  ...over,
});

const NONE: DealActions = { actions: [], uploads: [], notes: [] };
const BUYER_UPLOADS = ['buyer-rejected'];
const SELLER_UPLOADS = ['seller-open'];

// Every status × side of a deal the buyer proposed, written out as the API's rules give it
// (docs/requirements/escrow.md): who answers, who funds, who may agree, dispute, change, upload.
const EXPECTED: Record<Status, Record<EscrowRole, DealActions>> = {
  proposed: {
    buyer: { actions: ['cancel'], uploads: [], notes: ['waiting_for_other'] },
    seller: { actions: ['accept', 'decline'], uploads: [], notes: [] },
  },
  declined: { buyer: NONE, seller: NONE },
  cancelled: { buyer: NONE, seller: NONE },
  accepted: {
    buyer: { actions: ['fund', 'ask_change'], uploads: BUYER_UPLOADS, notes: [] },
    seller: { actions: ['ask_change'], uploads: SELLER_UPLOADS, notes: ['waiting_for_funding'] },
  },
  funded: {
    buyer: {
      actions: ['refund_agreement', 'dispute', 'ask_change'],
      uploads: BUYER_UPLOADS,
      notes: ['held_note'],
    },
    seller: {
      actions: ['refund_agreement', 'dispute', 'ask_change'],
      uploads: SELLER_UPLOADS,
      notes: ['held_note'],
    },
  },
  disputed: {
    buyer: { actions: ['refund_agreement', 'ask_change'], uploads: BUYER_UPLOADS, notes: ['held_note'] },
    seller: { actions: ['refund_agreement', 'ask_change'], uploads: SELLER_UPLOADS, notes: ['held_note'] },
  },
  released: { buyer: NONE, seller: NONE },
  refunded: { buyer: NONE, seller: NONE },
};

describe('the steps a party sees on a deal', () => {
  for (const status of escrowStatuses)
    for (const role of ['buyer', 'seller'] as const)
      it(`${status}, as the ${role}`, () => {
        expect(dealActions(deal(status), role)).toEqual(EXPECTED[status][role]);
      });

  it('offers the answer to whichever side did not propose, the withdrawal to the one that did', () => {
    const bySeller = deal('proposed', { proposed_by: 'seller' });
    expect(dealActions(bySeller, 'buyer').actions).toEqual(['accept', 'decline']);
    expect(dealActions(bySeller, 'seller').actions).toEqual(['cancel']);
  });

  it('never offers funding to the seller, nor waits for funding as the buyer', () => {
    for (const status of escrowStatuses) {
      expect(dealActions(deal(status), 'seller').actions).not.toContain('fund');
      expect(dealActions(deal(status), 'buyer').notes).not.toContain('waiting_for_funding');
    }
  });

  it('asks each side to agree to the refund once', () => {
    const agreed = deal('funded', { refund_agreed_by: ['buyer'] });
    expect(dealActions(agreed, 'buyer').actions).not.toContain('refund_agreement');
    expect(dealActions(agreed, 'seller').actions).toContain('refund_agreement');
  });

  it('lets the other side answer a waiting change and its asker only withdraw it', () => {
    const change = {
      id: 'c1',
      requested_by: 'seller' as const,
      status: 'proposed' as const,
      new_amount: null,
      new_deadline: '2027-03-01',
      add_conditions: [],
      reason: 'Late ship',
      fee: 5000,
      created_at: '2026-12-01T10:00:00Z',
      decided_at: null,
    };
    const open = deal('funded', { changes: [{ ...change, status: 'declined' }, change] });
    expect(dealActions(open, 'buyer').actions).toEqual([
      'refund_agreement',
      'dispute',
      'accept_change',
      'decline_change',
    ]);
    expect(dealActions(open, 'seller').actions).toEqual(['refund_agreement', 'dispute', 'withdraw_change']);
  });

  it('offers no change on a deal with a seller outside the institution', () => {
    const outside = deal('accepted', { outside_seller: { name: 'Erika', iban: 'DE89', paid_by: 'sepa' } });
    expect(dealActions(outside, 'buyer').actions).toEqual(['fund']);
  });

  it('offers the escrow desk (no side) nothing', () => {
    for (const status of escrowStatuses) expect(dealActions(deal(status), null)).toEqual(NONE);
  });

  it('shows the actions and changes cards only while they hold something', () => {
    for (const status of ['released', 'refunded', 'declined', 'cancelled'] as const)
      for (const role of ['buyer', 'seller'] as const) {
        const shown = dealActions(deal(status), role);
        expect([hasActionsCard(shown), hasChangesCard(shown)]).toEqual([false, false]);
      }
    expect(hasActionsCard(dealActions(deal('accepted'), 'seller'))).toBe(true);
    expect(hasChangesCard(dealActions(deal('proposed'), 'seller'))).toBe(false);
    expect(hasChangesCard(dealActions(deal('disputed'), 'buyer'))).toBe(true);
  });
});
