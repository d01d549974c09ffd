-- Issue 8: reference FX rates, recipients, payments with their status history, the rail
-- outbox (each payment submitted exactly once) and the ISO 20022 files (docs/payments.md).

-- Reference rates per EUR, copied from packages/core at start (missing currencies only) and
-- then edited by operators. Rates are exact decimal text, never floats.
CREATE TABLE fx_rates (
  currency text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  rate_per_eur text NOT NULL CHECK (rate_per_eur ~ '^(0|[1-9][0-9]{0,11})(\.[0-9]{1,12})?$' AND rate_per_eur ~ '[1-9]'),
  source text NOT NULL CHECK (source IN ('reference', 'operator')),
  as_of date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES operators (id)
);

-- Saved beneficiaries. `details` holds the type's fields (spec section 3). Saving or changing
-- one needs strong authentication: a new one waits in pending_confirmation, a change waits in
-- pending_details, until the client answers the challenge.
CREATE TABLE recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  type text NOT NULL CHECK (type IN ('sepa', 'faster_pay', 'internal', 'international')),
  status text NOT NULL CHECK (status IN ('pending_confirmation', 'active', 'deleted')),
  details jsonb NOT NULL CHECK (jsonb_typeof(details) = 'object'),
  pending_details jsonb CHECK (pending_details IS NULL OR jsonb_typeof(pending_details) = 'object'),
  challenge_id uuid REFERENCES auth_challenges (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
);
CREATE INDEX recipients_client ON recipients (client_id, created_at DESC) WHERE status <> 'deleted';

-- A payment. Amounts are minor units: `amount` of `currency` reaches the payee; `debit_amount`
-- of `debit_currency` (the account's) leaves the account with `fee` on top. `payee` is the
-- snapshot the code was bound to; `payee_hash` its SHA-256 (dynamic linking, RTS art. 5).
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  type text NOT NULL CHECK (type IN ('sepa', 'faster_pay', 'internal', 'international')),
  rail text NOT NULL CHECK (rail IN ('sepa', 'faster_pay', 'internal', 'swift')),
  status text NOT NULL CHECK (status IN ('created', 'awaiting_confirmation', 'processing', 'completed',
    'rejected', 'returned', 'cancelled')),
  account_id uuid NOT NULL REFERENCES client_accounts (id),
  ledger_account_id text NOT NULL REFERENCES ledger_accounts (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  debit_amount_minor bigint NOT NULL CHECK (debit_amount_minor > 0),
  debit_currency text NOT NULL CHECK (debit_currency ~ '^[A-Z]{3}$'),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  rate text,
  market_rate text,
  recipient_id uuid REFERENCES recipients (id),
  payee jsonb NOT NULL CHECK (jsonb_typeof(payee) = 'object'),
  payee_hash bytea NOT NULL CHECK (length(payee_hash) = 32),
  payee_account_id uuid REFERENCES client_accounts (id),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 140),
  end_to_end_id text NOT NULL UNIQUE CHECK (end_to_end_id ~ '^[A-Za-z0-9]{1,35}$'),
  challenge_id uuid REFERENCES auth_challenges (id),
  -- Save the payee typed in as a recipient when the payment is confirmed: the payment's code
  -- is bound to this payee, so it authenticates the new recipient too.
  save_recipient boolean NOT NULL DEFAULT false,
  on_hold boolean NOT NULL DEFAULT false,
  status_reason text,
  file_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  CHECK (currency = debit_currency OR rate IS NOT NULL),
  CHECK ((type = 'internal') = (payee_account_id IS NOT NULL))
);
CREATE INDEX payments_client_newest ON payments (client_id, created_at DESC, id DESC);
CREATE INDEX payments_queue ON payments (rail, status, created_at);

-- Every status a payment passed through, with why and who: the history the client sees.
CREATE TABLE payment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES payments (id),
  status text NOT NULL,
  reason text,
  actor_type text NOT NULL CHECK (actor_type IN ('client', 'operator', 'system')),
  actor_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

-- The rail outbox: one row per confirmed external payment, written in the confirmation's
-- transaction. The worker claims rows with FOR UPDATE SKIP LOCKED; a payment's row is unique,
-- so it is submitted once however often the process dies and restarts (RELIABILITY.md T5).
CREATE TABLE rail_submissions (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  rail text NOT NULL CHECK (rail IN ('sepa', 'faster_pay', 'swift')),
  state text NOT NULL CHECK (state IN ('queued', 'submitted', 'settled', 'rejected', 'returned', 'cancelled')),
  -- simulator: the clearing decides at settle_after; files: set when the file is exported.
  channel text NOT NULL CHECK (channel IN ('simulator', 'file')),
  settle_after timestamptz,
  submitted_at timestamptz,
  resolved_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rail_submissions_due ON rail_submissions (state, settle_after) WHERE state IN ('queued', 'submitted');

-- ISO 20022 files: pain.001 written for the partner bank, pain.002 status reports read back.
CREATE TABLE payment_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('pain.001', 'pain.002')),
  rail text NOT NULL CHECK (rail IN ('sepa', 'swift')),
  message_id text NOT NULL UNIQUE CHECK (length(message_id) BETWEEN 1 AND 35),
  payment_count integer NOT NULL CHECK (payment_count >= 0),
  control_sum text NOT NULL,
  currency_totals jsonb NOT NULL DEFAULT '{}'::jsonb,
  content text NOT NULL,
  created_by uuid REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE payments ADD CONSTRAINT payments_file FOREIGN KEY (file_id) REFERENCES payment_files (id);
