import { formatMoney } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import { notifyClient } from '../notifications';
import { insertEvent } from './escrow-event-rows';
import type { DealRow } from './escrow-rows';

// Every step of a deal is three records in the transaction that makes it: a line of the deal's
// timeline (what the parties see), an audit entry (who, from where) and a notification to
// both parties, so nobody learns of a step that did not commit.

export type EscrowActor =
  | { type: 'client'; clientId: string; side: 'buyer' | 'seller'; requestId: string; ip: string }
  | { type: 'operator'; operatorId: string; requestId: string; ip: string }
  | { type: 'system' };

const SENTENCES: Record<string, string> = {
  proposed: 'A new escrow deal was proposed.',
  accepted: 'The deal was accepted.',
  declined: 'The deal was declined.',
  cancelled: 'The deal was cancelled.',
  funded: 'The buyer funded the escrow; the money is held until the conditions are met.',
  documents_uploaded: 'Documents were uploaded for a condition.',
  condition_met: 'The escrow officer found a condition met.',
  condition_rejected: 'The escrow officer did not accept the documents for a condition.',
  disputed: 'The deal is disputed and on hold for the escrow officer.',
  refund_agreed: 'A party agreed to refund the buyer.',
  release_proposed: 'The escrow officer proposed to release the funds to the seller.',
  refund_proposed: 'The escrow officer proposed to refund the buyer.',
  proposal_rejected: 'A second officer rejected the proposed payout.',
  released: 'The funds were released to the seller.',
  refunded: 'The funds were refunded to the buyer.',
  release_returned: 'The payment to the seller came back; the funds are held in escrow again.',
  change_proposed: 'A change to the deal was proposed; the other party answers it.',
  change_accepted: 'The change was accepted and the deal changed; the requester paid the change fee.',
  change_declined: 'The change was declined; the deal stays as it was.',
  change_withdrawn: 'The change was withdrawn.',
};

export async function recordStep(
  tx: Queryable,
  deal: DealRow,
  kind: string,
  actor: EscrowActor,
  details: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  const actorName = actor.type === 'client' ? actor.side : actor.type;
  await insertEvent(tx, { dealId: deal.id, kind, actor: actorName, details: JSON.stringify(details) });
  await writeAuditEntry(tx, {
    actorType: actor.type,
    actorId: actor.type === 'client' ? actor.clientId : actor.type === 'operator' ? actor.operatorId : null,
    action: `escrow.${kind}`,
    objectType: 'escrow_deal',
    objectId: deal.id,
    requestId: actor.type === 'system' ? null : actor.requestId,
    ip: actor.type === 'system' ? null : actor.ip,
    // An amount in the details is in the deal's currency; the audit log says which.
    details: {
      reference: deal.reference,
      ...(Object.keys(details).some((key) => key.endsWith('_minor')) ? { currency: deal.currency } : {}),
      ...details,
    },
  });
  const amount = formatMoney(deal.amount_minor, deal.currency);
  // An outside seller has no dashboard: only the buyer is notified.
  for (const clientId of [deal.buyer_client_id, deal.seller_client_id].filter((id) => id !== null)) {
    await notifyClient(tx, {
      clientId,
      kind: 'escrow_update',
      title: `Escrow ${deal.reference}: ${kind.replaceAll('_', ' ')}`,
      body: `${SENTENCES[kind] ?? 'The deal changed.'} ${deal.title}, ${amount}.`,
      params: { deal_id: deal.id, reference: deal.reference, step: kind },
    });
  }
}
