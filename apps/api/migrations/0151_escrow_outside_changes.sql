-- Escrow deals, second part (docs/requirements/escrow.md): a seller outside the institution,
-- named by name and IBAN and paid by an outgoing payment; changes to a running deal, each with
-- the tariff's change fee held from the requester's account until the other party answers; the
-- rate that converts the tariff's EUR fees into the deal's currency (fixed when proposed).
ALTER TABLE escrow_deals ALTER COLUMN seller_client_id DROP NOT NULL;
ALTER TABLE escrow_deals ADD COLUMN outside_seller jsonb CHECK (outside_seller IS NULL OR jsonb_typeof(outside_seller) = 'object');
ALTER TABLE escrow_deals ADD COLUMN outside_payment_type text CHECK (outside_payment_type IN ('sepa', 'international'));
ALTER TABLE escrow_deals ADD COLUMN fee_rate text;
ALTER TABLE escrow_deals ADD COLUMN payout_payment_id uuid REFERENCES payments (id);
ALTER TABLE escrow_deals ADD COLUMN funded_by_incoming text;
ALTER TABLE escrow_deals ADD CONSTRAINT escrow_deals_one_seller
  CHECK ((seller_client_id IS NULL) <> (outside_seller IS NULL));
ALTER TABLE escrow_deals ADD CONSTRAINT escrow_deals_outside_paid_by
  CHECK ((outside_seller IS NULL) = (outside_payment_type IS NULL));
CREATE INDEX escrow_deals_reference_accepted ON escrow_deals (reference) WHERE status = 'accepted';

-- A release to an outside seller is an outgoing payment from the escrow account: the buyer may
-- not cancel it as if it were their own.
ALTER TABLE payments ADD COLUMN escrow_deal_id uuid REFERENCES escrow_deals (id);

CREATE TABLE escrow_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES escrow_deals (id),
  requested_by text NOT NULL CHECK (requested_by IN ('buyer', 'seller')),
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'declined', 'withdrawn')),
  new_amount_minor bigint CHECK (new_amount_minor > 0),
  new_deadline date,
  add_conditions jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(add_conditions) = 'array'),
  reason text NOT NULL,
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  fee_ledger_account_id text NOT NULL,
  fee_transfer_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT escrow_changes_something CHECK (new_amount_minor IS NOT NULL OR new_deadline IS NOT NULL
    OR jsonb_array_length(add_conditions) > 0)
);
-- One open change per deal: the parties answer one question at a time.
CREATE UNIQUE INDEX escrow_changes_one_open ON escrow_changes (deal_id) WHERE status = 'proposed';
