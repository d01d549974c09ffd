-- Issue 7, account deactivation: a client asks to close their accounts (confirmed with their
-- second-factor code), an operator reviews the request within 24 hours and approves it (the
-- closing fee is charged, the accounts are frozen, the client is DEACTIVATED) or rejects it.
CREATE TABLE deactivation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  status text NOT NULL CHECK (status IN ('awaiting_confirmation', 'pending', 'approved', 'rejected', 'withdrawn')),
  reason text NOT NULL CHECK (reason ~ '^[a-z_]{1,40}$'),
  comment text CHECK (length(comment) <= 500),
  payout_kind text NOT NULL CHECK (payout_kind IN ('recipient', 'balance_is_zero')),
  payout_recipient_id uuid REFERENCES recipients (id),
  challenge_id uuid REFERENCES auth_challenges (id),
  -- When the client confirmed with the code: the 24-hour review clock starts here.
  requested_at timestamptz,
  decided_at timestamptz,
  decided_by uuid REFERENCES operators (id),
  decision_reason text CHECK (length(decision_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((payout_kind = 'recipient') = (payout_recipient_id IS NOT NULL)),
  CHECK ((status = 'awaiting_confirmation') = (requested_at IS NULL)),
  CHECK ((status IN ('approved', 'rejected', 'withdrawn')) = (decided_at IS NOT NULL))
);
-- At most one open request per client: a second confirmation or a race cannot open another.
CREATE UNIQUE INDEX deactivation_requests_open ON deactivation_requests (client_id)
  WHERE status IN ('awaiting_confirmation', 'pending');
CREATE INDEX deactivation_requests_queue ON deactivation_requests (requested_at) WHERE status = 'pending';
CREATE INDEX deactivation_requests_client ON deactivation_requests (client_id, created_at DESC);

-- The closing fee is recorded like the opening fee (decision 0009), charged at approval.
ALTER TABLE client_fees DROP CONSTRAINT client_fees_kind_check;
ALTER TABLE client_fees ADD CONSTRAINT client_fees_kind_check CHECK (kind IN ('account_opening', 'account_closing'));
