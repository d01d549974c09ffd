import type { EscrowDeal } from '@bluepeak/core/escrow';

// What a party may do to a deal now, by the API's own rules (docs/requirements/escrow.md): the
// one place the deal's page reads its buttons from, so a party is never offered a step the API
// keeps for the other side (which it would refuse with 409 escrow_not_your_step).

export type EscrowRole = 'buyer' | 'seller';

export type DealAction =
  /** The party that did not propose answers the proposal. */
  | 'accept'
  | 'decline'
  /** The proposer withdraws its proposal. */
  | 'cancel'
  /** The buyer funds an accepted deal. */
  | 'fund'
  /** Either party, once, while the money is held. */
  | 'refund_agreement'
  /** Either party, while the deal is funded. */
  | 'dispute'
  /** Either party of a running deal with a client seller, while no change waits. */
  | 'ask_change'
  /** The side that did not ask answers the waiting change. */
  | 'accept_change'
  | 'decline_change'
  /** The side that asked withdraws it. */
  | 'withdraw_change';

/** What the party is told where the step is the other side's (or the escrow officers'). */
export type DealNote = 'waiting_for_other' | 'waiting_for_funding' | 'held_note';

export type DealActions = {
  actions: DealAction[];
  /** The conditions whose documents this party presents and may upload now. */
  uploads: string[];
  notes: DealNote[];
};

type DealState = Pick<
  EscrowDeal,
  'status' | 'proposed_by' | 'refund_agreed_by' | 'outside_seller' | 'changes' | 'conditions'
>;

const RUNNING: readonly EscrowDeal['status'][] = ['accepted', 'funded', 'disputed'];
const HELD: readonly EscrowDeal['status'][] = ['funded', 'disputed'];

/** The steps and notes of the deal's page for the caller's side; none for the escrow desk (no side). */
export function dealActions(deal: DealState, role: EscrowRole | null): DealActions {
  if (!role) return { actions: [], uploads: [], notes: [] };
  const proposer = role === deal.proposed_by;
  const running = RUNNING.includes(deal.status);
  const held = HELD.includes(deal.status);
  const actions: DealAction[] = [];
  const notes: DealNote[] = [];
  if (deal.status === 'proposed') {
    if (proposer) {
      actions.push('cancel');
      notes.push('waiting_for_other');
    } else actions.push('accept', 'decline');
  }
  if (deal.status === 'accepted') {
    if (role === 'buyer') actions.push('fund');
    else notes.push('waiting_for_funding');
  }
  if (held && !deal.refund_agreed_by.includes(role)) actions.push('refund_agreement');
  if (deal.status === 'funded') actions.push('dispute');
  if (held) notes.push('held_note');
  // A seller outside the institution cannot answer a change, so none is offered on its deal.
  if (running && !deal.outside_seller) actions.push(...changeActions(deal, role));
  const uploads = running
    ? deal.conditions
        .filter((condition) => condition.presenter === role && condition.status !== 'met')
        .map((condition) => condition.id)
    : [];
  return { actions, uploads, notes };
}

function changeActions(deal: DealState, role: EscrowRole): DealAction[] {
  const open = deal.changes.find((change) => change.status === 'proposed');
  if (!open) return ['ask_change'];
  return open.requested_by === role ? ['withdraw_change'] : ['accept_change', 'decline_change'];
}

/** The steps of the actions card (the changes and the conditions have their own). */
export const CARD_ACTIONS: readonly DealAction[] = [
  'accept',
  'decline',
  'cancel',
  'fund',
  'refund_agreement',
  'dispute',
];

/** Whether the actions card has anything to show: a step of its own or a note. */
export const hasActionsCard = ({ actions, notes }: DealActions) =>
  notes.length > 0 || actions.some((action) => CARD_ACTIONS.includes(action));

/** Whether the changes card has anything to show: a change to ask for or to answer. */
export const hasChangesCard = ({ actions }: DealActions) =>
  actions.some((action) => action.endsWith('_change'));
