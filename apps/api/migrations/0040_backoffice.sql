-- Issue 7, the operator back office: the daily safeguarding reconciliation as recorded by an
-- operator (FCA CASS 15: a daily internal reconciliation built from every client's balance,
-- and an external one against the safeguarding bank's statement, every break logged).
CREATE TABLE safeguarding_reconciliations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reconciled_on date NOT NULL,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- What we owe clients: the sum of their e-money balances (the "requirement").
  client_balances_minor bigint NOT NULL,
  -- What the ledger says the safeguarding account holds (the "resource"), as a positive amount.
  safeguarding_ledger_minor bigint NOT NULL,
  -- What the safeguarding bank's statement says, when the operator entered it.
  bank_balance_minor bigint CHECK (bank_balance_minor >= 0),
  difference_minor bigint NOT NULL,
  breaks jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(breaks) = 'array'),
  operator_id uuid NOT NULL REFERENCES operators (id),
  note text CHECK (length(note) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safeguarding_reconciliations_day ON safeguarding_reconciliations (reconciled_on DESC, currency);

-- A recorded reconciliation is evidence: it is never changed, a later one supersedes it.
CREATE TRIGGER safeguarding_reconciliations_append_only
  BEFORE UPDATE OR DELETE ON safeguarding_reconciliations
  FOR EACH ROW EXECUTE FUNCTION forbid_history_change();

-- Manual adjustments of a client's balance, with four eyes (RELIABILITY.md T8 and bad input
-- 22): one operator proposes with a written reason, a different operator approves, and only
-- then does a ledger transfer against the suspense account move the money.
CREATE TABLE manual_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  client_account_id uuid NOT NULL REFERENCES client_accounts (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 9007199254740991),
  reason text NOT NULL CHECK (length(reason) BETWEEN 10 AND 1000),
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
  proposed_by uuid NOT NULL REFERENCES operators (id),
  proposed_at timestamptz NOT NULL,
  decided_by uuid REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (length(decision_reason) <= 1000),
  transfer_id text REFERENCES ledger_transfers (id),
  CONSTRAINT manual_adjustments_decided CHECK ((status = 'proposed') = (decided_by IS NULL AND decided_at IS NULL)),
  CONSTRAINT manual_adjustments_transfer_when_approved CHECK ((status = 'approved') = (transfer_id IS NOT NULL)),
  -- A maker never approves their own adjustment; a withdrawal by the maker is a rejection.
  CONSTRAINT manual_adjustments_four_eyes CHECK (status <> 'approved' OR decided_by <> proposed_by)
);
CREATE INDEX manual_adjustments_open ON manual_adjustments (proposed_at) WHERE status = 'proposed';
CREATE INDEX manual_adjustments_client ON manual_adjustments (client_id, proposed_at DESC);
