-- Escrow deals (docs/requirements/escrow.md): the buyer's money held in the ledger's escrow
-- account (one per currency) until an escrow officer finds every condition met; release and
-- refund need two operators, refused by the database too (escrow_proposals_four_eyes).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN ('client_emoney',
  'rail_settlement', 'fx_position', 'fee_income', 'safeguarding', 'suspense', 'opening_balances', 'escrow'));

ALTER TABLE attachments DROP CONSTRAINT attachments_purpose_check;
ALTER TABLE attachments ADD CONSTRAINT attachments_purpose_check
  CHECK (purpose IN ('identification', 'company_document', 'person_document', 'ticket', 'escrow_document'));

CREATE TABLE escrow_deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference text NOT NULL UNIQUE CHECK (reference ~ '^ESC-[0-9A-F]{8}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  buyer_client_id uuid NOT NULL REFERENCES clients (id),
  seller_client_id uuid NOT NULL REFERENCES clients (id),
  proposed_by text NOT NULL CHECK (proposed_by IN ('buyer', 'seller')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  buyer_deliverables text NOT NULL,
  seller_deliverables text NOT NULL,
  deadline date NOT NULL,
  standard boolean NOT NULL,
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'declined', 'cancelled', 'accepted',
    'funded', 'disputed', 'released', 'refunded')),
  funding_fee_minor bigint NOT NULL CHECK (funding_fee_minor >= 0),
  buyer_ledger_account_id text,
  fund_transfer_id text,
  payout_transfer_id text,
  refund_agreed_by_buyer boolean NOT NULL DEFAULT false,
  refund_agreed_by_seller boolean NOT NULL DEFAULT false,
  dispute_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT escrow_deals_two_parties CHECK (buyer_client_id <> seller_client_id),
  CONSTRAINT escrow_deals_funded_has_transfer CHECK (status NOT IN ('funded', 'disputed', 'released', 'refunded')
    OR (fund_transfer_id IS NOT NULL AND buyer_ledger_account_id IS NOT NULL)),
  CONSTRAINT escrow_deals_paid_out_once CHECK ((status IN ('released', 'refunded')) = (payout_transfer_id IS NOT NULL))
);
CREATE INDEX escrow_deals_buyer ON escrow_deals (buyer_client_id, created_at DESC);
CREATE INDEX escrow_deals_seller ON escrow_deals (seller_client_id, created_at DESC);
CREATE INDEX escrow_deals_status ON escrow_deals (status, created_at DESC);

CREATE TABLE escrow_conditions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES escrow_deals (id),
  position integer NOT NULL CHECK (position BETWEEN 1 AND 10),
  description text NOT NULL,
  presenter text NOT NULL CHECK (presenter IN ('buyer', 'seller')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'submitted', 'met', 'rejected')),
  decided_by uuid REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  fee_minor bigint,
  fee_transfer_id text,
  UNIQUE (deal_id, position)
);

CREATE TABLE escrow_documents (
  attachment_id uuid PRIMARY KEY REFERENCES attachments (id),
  condition_id uuid NOT NULL REFERENCES escrow_conditions (id),
  uploaded_by text NOT NULL CHECK (uploaded_by IN ('buyer', 'seller'))
);
CREATE INDEX escrow_documents_condition ON escrow_documents (condition_id);

-- The deal's timeline as the parties see it (the audit log holds the same and more).
CREATE TABLE escrow_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  deal_id uuid NOT NULL REFERENCES escrow_deals (id),
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
  actor text NOT NULL CHECK (actor IN ('buyer', 'seller', 'operator', 'system')),
  details jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX escrow_events_deal ON escrow_events (deal_id, id);

CREATE TABLE escrow_proposals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES escrow_deals (id),
  action text NOT NULL CHECK (action IN ('release', 'refund')),
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
  reason text NOT NULL,
  proposed_by uuid NOT NULL REFERENCES operators (id),
  proposed_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  CONSTRAINT escrow_proposals_four_eyes CHECK (decided_by IS NULL OR decided_by <> proposed_by)
);
-- One open proposal per deal: two makers cannot race two payouts into the approvals queue.
CREATE UNIQUE INDEX escrow_proposals_one_open ON escrow_proposals (deal_id) WHERE status = 'proposed';
