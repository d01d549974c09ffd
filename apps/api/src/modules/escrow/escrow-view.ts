import { brand } from '@bluepeak/core';
import type { EscrowDeal, EscrowSummary } from '@bluepeak/core/escrow';
import { escrowFeeSchedule } from '@bluepeak/core/fees';
import type { Queryable } from '../../db/database';
import { deadlinePassed } from './desk-actions';
import {
  type DealRow,
  findDeal,
  listConditions,
  listDocuments,
  listEvents,
  listProposals,
  sideOf,
} from './escrow-rows';

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
  const funded = row.fund_transfer_id !== null;
  const verificationFees = conditions.reduce((sum, condition) => sum + (condition.fee_minor ?? 0), 0);
  return {
    ...toSummary(row, clientId),
    proposed_by: row.proposed_by,
    buyer_deliverables: row.buyer_deliverables,
    seller_deliverables: row.seller_deliverables,
    held: row.status === 'funded' || row.status === 'disputed' ? row.amount_minor : 0,
    fees: escrowFeeSchedule(brand.tariff, row.amount_minor, row.standard),
    fees_paid: (funded ? row.funding_fee_minor : 0) + verificationFees,
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
