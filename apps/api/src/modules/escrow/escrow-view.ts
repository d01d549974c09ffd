import type { EscrowDeal, EscrowSummary } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import { deadlinePassed } from './desk-actions';
import { listChanges } from './escrow-change-rows';
import { listConditions, listDocuments } from './escrow-condition-rows';
import { listEvents } from './escrow-event-rows';
import { feeScheduleOf } from './escrow-fees';
import { listProposals } from './escrow-proposal-rows';
import { type DealRow, findDeal, sideOf } from './escrow-rows';

// A deal as its parties and the escrow desk see it: one shape, with `my_role` null for the desk.

export function toSummary(row: DealRow, clientId: string | null): EscrowSummary {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    my_role: clientId ? sideOf(row, clientId) : null,
    buyer_name: row.buyer_name,
    seller_name: row.seller_name,
    amount: row.amount_minor,
    currency: row.currency,
    deadline: row.deadline,
    standard: row.standard,
    created_at: row.created_at.toISOString(),
    conditions_total: row.conditions_total,
    conditions_met: row.conditions_met,
    conditions_awaiting: row.conditions_awaiting,
    open_proposal: row.open_proposal,
  };
}

type Scalar = string | number | boolean | null;
const scalars = (details: Record<string, unknown>): Record<string, Scalar> =>
  Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, Scalar] =>
        entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
    ),
  );

export async function dealView(
  db: Queryable,
  id: string,
  clientId: string | null,
  now: Date,
): Promise<EscrowDeal> {
  const row = await findDeal(db, id, clientId ?? undefined);
  // One after another: inside a transaction the queries share one connection.
  const conditions = await listConditions(db, id);
  const documents = await listDocuments(db, id);
  const events = await listEvents(db, id);
  const proposals = await listProposals(db, id);
  const changes = await listChanges(db, id);
  const changeFees = changes
    .filter((change) => change.status === 'accepted')
    .reduce((sum, change) => sum + change.fee_minor, 0);
  const funded = row.fund_transfer_id !== null;
  const verificationFees = conditions.reduce((sum, condition) => sum + (condition.fee_minor ?? 0), 0);
  return {
    ...toSummary(row, clientId),
    proposed_by: row.proposed_by,
    buyer_deliverables: row.buyer_deliverables,
    seller_deliverables: row.seller_deliverables,
    held: row.status === 'funded' || row.status === 'disputed' ? row.amount_minor : 0,
    outside_seller:
      row.outside_seller && row.outside_payment_type
        ? {
            name: row.outside_seller.name ?? '',
            iban: row.outside_seller.iban ?? row.outside_seller.account_number ?? '',
            paid_by: row.outside_payment_type,
          }
        : null,
    fee_rate: row.fee_rate?.replace(/\.?0+$/, '') ?? null,
    funding_total: row.amount_minor + row.funding_fee_minor,
    funded_by_incoming_payment: row.funded_by_incoming !== null,
    payout_payment_id: row.payout_payment_id,
    changes: changes.map((change) => ({
      id: change.id,
      requested_by: change.requested_by,
      status: change.status,
      new_amount: change.new_amount_minor,
      new_deadline: change.new_deadline,
      add_conditions: change.add_conditions,
      reason: change.reason,
      fee: change.fee_minor,
      created_at: change.created_at.toISOString(),
      decided_at: change.decided_at?.toISOString() ?? null,
    })),
    fees: feeScheduleOf(row),
    fees_paid: (funded ? row.funding_fee_minor : 0) + verificationFees + changeFees,
    refund_agreed_by: [
      ...(row.refund_agreed_by_buyer ? (['buyer'] as const) : []),
      ...(row.refund_agreed_by_seller ? (['seller'] as const) : []),
    ],
    dispute_reason: row.dispute_reason,
    deadline_passed: deadlinePassed(row, now),
    conditions: conditions.map((condition) => ({
      id: condition.id,
      position: condition.position,
      description: condition.description,
      presenter: condition.presenter,
      status: condition.status,
      decision_reason: condition.decision_reason,
      decided_at: condition.decided_at?.toISOString() ?? null,
      fee: condition.fee_minor,
      documents: documents
        .filter((document) => document.condition_id === condition.id)
        .map((document) => ({
          id: document.id,
          file_name: document.file_name,
          mime: document.mime,
          size: document.size,
          uploaded_by: document.uploaded_by,
          created_at: document.created_at.toISOString(),
        })),
    })),
    events: events.map((event) => ({
      kind: event.kind,
      actor: event.actor as EscrowDeal['events'][number]['actor'],
      at: event.at.toISOString(),
      details: scalars(event.details),
    })),
    proposals: proposals.map((proposal) => ({
      id: proposal.id,
      action: proposal.action,
      status: proposal.status,
      reason: proposal.reason,
      proposed_by: proposal.proposed_by,
      proposed_at: proposal.proposed_at.toISOString(),
      decided_by: proposal.decided_by,
      decided_at: proposal.decided_at?.toISOString() ?? null,
    })),
  };
}
