-- Incoming money comes from the safeguarding bank's statements (docs/incoming-money.md): each
-- uploaded camt.053 file is kept as evidence, every booked credit in it is recorded once (the
-- bank's entry reference is unique, so a file or entry imported twice credits once), and a
-- credit that matches no open client account waits in a queue for an operator.
CREATE TABLE bank_statement_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('camt.053')),
  message_id text NOT NULL CHECK (length(message_id) BETWEEN 1 AND 35),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  content_sha256 text NOT NULL CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
  content text NOT NULL,
  credits_booked integer NOT NULL CHECK (credits_booked >= 0),
  credits_unmatched integer NOT NULL CHECK (credits_unmatched >= 0),
  credits_duplicate integer NOT NULL CHECK (credits_duplicate >= 0),
  entries_skipped integer NOT NULL CHECK (entries_skipped >= 0),
  imported_by uuid NOT NULL REFERENCES operators (id),
  imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_statement_imports_newest ON bank_statement_imports (imported_at DESC);

-- The bank's closing booked balance (CLBD) per statement date and currency: the external
-- figure the safeguarding reconciliation compares the ledger with. Signed: DBIT is negative.
CREATE TABLE bank_statement_balances (
  import_id uuid NOT NULL REFERENCES bank_statement_imports (id),
  balance_date date NOT NULL,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  closing_booked_minor bigint NOT NULL,
  PRIMARY KEY (import_id, balance_date, currency)
);
CREATE INDEX bank_statement_balances_day ON bank_statement_balances (balance_date, currency);

CREATE TABLE bank_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  import_id uuid NOT NULL REFERENCES bank_statement_imports (id),
  bank_reference text NOT NULL UNIQUE CHECK (length(bank_reference) BETWEEN 1 AND 71),
  amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 9007199254740991),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  booking_date date NOT NULL,
  creditor_iban text CHECK (length(creditor_iban) <= 34),
  debtor_name text CHECK (length(debtor_name) <= 140),
  debtor_iban text CHECK (length(debtor_iban) <= 34),
  remittance text CHECK (length(remittance) <= 140),
  -- booked: matched and credited on import; unmatched: waiting for an operator;
  -- awaiting_approval: assigned above the threshold, waiting for a second operator;
  -- resolved: assigned and credited; returned: to be sent back to the payer by the bank.
  status text NOT NULL CHECK (status IN ('booked', 'unmatched', 'awaiting_approval', 'resolved', 'returned')),
  unmatched_reason text CHECK (unmatched_reason IN
    ('unknown_iban', 'account_closed', 'account_frozen', 'currency_not_held', 'ambiguous', 'no_iban')),
  client_account_id uuid REFERENCES client_accounts (id),
  transfer_id text REFERENCES ledger_transfers (id),
  assigned_by uuid REFERENCES operators (id),
  assigned_at timestamptz,
  decided_by uuid REFERENCES operators (id),
  decided_at timestamptz,
  note text CHECK (length(note) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bank_credits_credited CHECK ((status IN ('booked', 'resolved')) = (transfer_id IS NOT NULL)),
  CONSTRAINT bank_credits_assigned CHECK (status NOT IN ('awaiting_approval', 'resolved') OR
    (client_account_id IS NOT NULL AND assigned_by IS NOT NULL)),
  -- The operator who assigned a credit never approves the assignment.
  CONSTRAINT bank_credits_four_eyes CHECK (decided_by IS NULL OR assigned_by IS NULL OR decided_by <> assigned_by
    OR status = 'returned')
);
CREATE INDEX bank_credits_queue ON bank_credits (status, created_at) WHERE status IN ('unmatched', 'awaiting_approval');
CREATE INDEX bank_credits_import ON bank_credits (import_id);

-- A credit typed by hand above the approval threshold waits here for a second operator; the
-- maker never approves their own. One open or approved record per bank reference.
CREATE TABLE manual_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_reference text NOT NULL,
  request jsonb NOT NULL CHECK (jsonb_typeof(request) = 'object'),
  client_id uuid NOT NULL REFERENCES clients (id),
  client_account_id uuid NOT NULL REFERENCES client_accounts (id),
  amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 9007199254740991),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  proposed_by uuid NOT NULL REFERENCES operators (id),
  proposed_at timestamptz NOT NULL,
  decided_by uuid REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (length(decision_reason) <= 1000),
  credit_transfer_id text REFERENCES ledger_transfers (id),
  CONSTRAINT manual_credits_decided CHECK ((status = 'pending') = (decided_by IS NULL AND decided_at IS NULL)),
  CONSTRAINT manual_credits_transfer_when_approved CHECK ((status = 'approved') = (credit_transfer_id IS NOT NULL)),
  CONSTRAINT manual_credits_four_eyes CHECK (status <> 'approved' OR decided_by <> proposed_by)
);
CREATE UNIQUE INDEX manual_credits_reference ON manual_credits (bank_reference) WHERE status <> 'rejected';
CREATE INDEX manual_credits_status ON manual_credits (status, proposed_at DESC);

-- The daily run now records the bank's imported figure beside the ledger's; a bank balance can
-- be overdrawn, which is a break to report, not a row to refuse.
ALTER TABLE safeguarding_reconciliations DROP CONSTRAINT safeguarding_reconciliations_bank_balance_minor_check;
