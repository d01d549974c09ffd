import type { EscrowStatus } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';

// The escrow tables (migration 0150) as the services read and write them: the deals here; their
// conditions, proposals, events and changes in escrow-condition-rows.ts, escrow-proposal-rows.ts,
// escrow-event-rows.ts and escrow-change-rows.ts.
export type Side = 'buyer' | 'seller';
export type DealRow = {
  id: string;
  reference: string;
  title: string;
  buyer_client_id: string;
  /** Null when the seller is outside the institution (outside_seller). */
  seller_client_id: string | null;
  outside_seller: Record<string, string> | null;
  outside_payment_type: 'sepa' | 'international' | null;
  buyer_name: string;
  seller_name: string;
  proposed_by: Side;
  amount_minor: number;
  currency: string;
  buyer_deliverables: string;
  seller_deliverables: string;
  deadline: string;
  standard: boolean;
  status: EscrowStatus;
  funding_fee_minor: number;
  buyer_ledger_account_id: string | null;
  fund_transfer_id: string | null;
  payout_transfer_id: string | null;
  refund_agreed_by_buyer: boolean;
  refund_agreed_by_seller: boolean;
  dispute_reason: string | null;
  fee_rate: string | null;
  payout_payment_id: string | null;
  funded_by_incoming: string | null;
  created_at: Date;
  conditions_total: number;
  conditions_met: number;
  conditions_awaiting: number;
  open_proposal: 'release' | 'refund' | null;
};

const NAME = `coalesce(nullif(trim(coalesce(%.company_name, '')), ''), trim(concat_ws(' ', %.first_name, %.last_name)), %.email)`;
const nameOf = (alias: string) => NAME.replaceAll('%', alias);

const SELECT_DEAL = `SELECT d.id, d.reference, d.title, d.buyer_client_id, d.seller_client_id,
    d.outside_seller, d.outside_payment_type, ${nameOf('b')} AS buyer_name,
    coalesce(d.outside_seller->>'name', ${nameOf('s')}) AS seller_name, d.proposed_by, d.amount_minor::float8 AS amount_minor,
    d.currency, d.buyer_deliverables, d.seller_deliverables, to_char(d.deadline, 'YYYY-MM-DD') AS deadline,
    d.standard, d.status, d.funding_fee_minor::float8 AS funding_fee_minor, d.buyer_ledger_account_id,
    d.fund_transfer_id, d.payout_transfer_id, d.refund_agreed_by_buyer, d.refund_agreed_by_seller,
    d.dispute_reason, d.fee_rate, d.payout_payment_id, d.funded_by_incoming, d.created_at,
    (SELECT count(*)::int FROM escrow_conditions c WHERE c.deal_id = d.id) AS conditions_total,
    (SELECT count(*)::int FROM escrow_conditions c WHERE c.deal_id = d.id AND c.status = 'met') AS conditions_met,
    (SELECT count(*)::int FROM escrow_conditions c WHERE c.deal_id = d.id AND c.status = 'submitted') AS conditions_awaiting,
    (SELECT p.action FROM escrow_proposals p WHERE p.deal_id = d.id AND p.status = 'proposed') AS open_proposal
  FROM escrow_deals d
  JOIN clients b ON b.id = d.buyer_client_id
  LEFT JOIN clients s ON s.id = d.seller_client_id`;

/** The deal locked for a change; with `clientId`, only a deal the client is a party of. */
export async function lockDeal(tx: Queryable, id: string, clientId?: string): Promise<DealRow> {
  await tx.query('SELECT 1 FROM escrow_deals WHERE id = $1 FOR UPDATE', [id]);
  return findDeal(tx, id, clientId);
}

/** A deal as proposed, in the order of the insert's parameters. */
export type NewDeal = {
  reference: string;
  title: string;
  buyerClientId: string;
  sellerClientId: string | null;
  proposedBy: Side;
  amountMinor: number;
  currency: string;
  buyerDeliverables: string;
  sellerDeliverables: string;
  deadline: string;
  standard: boolean;
  fundingFeeMinor: number;
  now: Date;
  /** The outside seller's payee as JSON, or null. */
  outsideSeller: string | null;
  outsidePaymentType: DealRow['outside_payment_type'];
  feeRate: string | null;
  status: 'proposed' | 'accepted';
};

export async function insertDeal(tx: Queryable, deal: NewDeal): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO escrow_deals (reference, title, buyer_client_id, seller_client_id, proposed_by, amount_minor,
       currency, buyer_deliverables, seller_deliverables, deadline, standard, funding_fee_minor, created_at, updated_at,
       outside_seller, outside_payment_type, fee_rate, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14::jsonb, $15, $16, $17) RETURNING id`,
    [
      deal.reference,
      deal.title,
      deal.buyerClientId,
      deal.sellerClientId,
      deal.proposedBy,
      deal.amountMinor,
      deal.currency,
      deal.buyerDeliverables,
      deal.sellerDeliverables,
      deal.deadline,
      deal.standard,
      deal.fundingFeeMinor,
      deal.now,
      deal.outsideSeller,
      deal.outsidePaymentType,
      deal.feeRate,
      deal.status,
    ],
  );
  return row;
}

export async function findDeal(db: Queryable, id: string, clientId?: string): Promise<DealRow> {
  const [row] = await db.query<DealRow>(
    `${SELECT_DEAL} WHERE d.id = $1 AND ($2::uuid IS NULL OR $2 IN (d.buyer_client_id, d.seller_client_id))`,
    [id, clientId ?? null],
  );
  if (!row) throw notFound('Escrow deal');
  return row;
}

export async function listDealsOfClient(db: Queryable, clientId: string): Promise<DealRow[]> {
  return db.query<DealRow>(
    `${SELECT_DEAL} WHERE $1 IN (d.buyer_client_id, d.seller_client_id) ORDER BY d.created_at DESC, d.id DESC LIMIT 200`,
    [clientId],
  );
}

/** The escrow desk's lists: a status, the conditions waiting for a decision, or the open proposals. */
export async function listDealsForDesk(db: Queryable, view: string): Promise<DealRow[]> {
  const where =
    view === 'verification'
      ? `EXISTS (SELECT 1 FROM escrow_conditions c WHERE c.deal_id = d.id AND c.status = 'submitted')
         AND d.status IN ('funded', 'disputed')`
      : view === 'approvals'
        ? `EXISTS (SELECT 1 FROM escrow_proposals p WHERE p.deal_id = d.id AND p.status = 'proposed')`
        : 'd.status = $1';
  const params = where.includes('$1') ? [view] : [];
  return db.query<DealRow>(
    `${SELECT_DEAL} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT 200`,
    params,
  );
}

export function sideOf(deal: DealRow, clientId: string): Side {
  return deal.buyer_client_id === clientId ? 'buyer' : 'seller';
}

/** The client on that side; null for an outside seller. */
export function clientOf(deal: DealRow, side: Side): string | null {
  return side === 'buyer' ? deal.buyer_client_id : deal.seller_client_id;
}

export async function setDealStatus(
  tx: Queryable,
  id: string,
  status: EscrowStatus,
  extra: Record<string, string | boolean | null> = {},
): Promise<void> {
  const columns = Object.keys(extra);
  const sets = columns.map((column, index) => `${column} = $${index + 3}`);
  await tx.query(
    `UPDATE escrow_deals SET status = $2, updated_at = now()${sets.map((set) => `, ${set}`).join('')} WHERE id = $1`,
    [id, status, ...columns.map((column) => extra[column] ?? null)],
  );
}

/** An accepted change: the new amount with its funding fee, and the new deadline if any. */
export async function changeDealTerms(
  tx: Queryable,
  id: string,
  terms: { amountMinor: number; fundingFeeMinor: number; deadline: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE escrow_deals SET amount_minor = $2, funding_fee_minor = $3, deadline = coalesce($4::date, deadline),
       updated_at = now() WHERE id = $1`,
    [id, terms.amountMinor, terms.fundingFeeMinor, terms.deadline],
  );
}

export async function setRefundAgreed(tx: Queryable, id: string, side: Side): Promise<void> {
  await tx.query(
    `UPDATE escrow_deals SET refund_agreed_by_${side} = true, updated_at = now() WHERE id = $1`,
    [id],
  );
}

/** The buyer's accepted deal an incoming credit names by its reference, in the deal's currency. */
export async function findFundableDeal(
  tx: Queryable,
  reference: string,
  buyerClientId: string,
  currency: string,
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM escrow_deals WHERE reference = $1 AND status = 'accepted' AND buyer_client_id = $2
       AND currency = $3`,
    [reference, buyerClientId, currency],
  );
  return row;
}

/** Demo mode's test hook only (dev-escrow-routes.ts). */
export async function moveDeadlineToYesterday(db: Queryable, id: string) {
  const [row] = await db.query<{ id: string; deadline: string }>(
    `UPDATE escrow_deals SET deadline = current_date - 1, updated_at = now() WHERE id = $1
     RETURNING id, to_char(deadline, 'YYYY-MM-DD') AS deadline`,
    [id],
  );
  return row;
}
