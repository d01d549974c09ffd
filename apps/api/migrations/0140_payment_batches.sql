-- Batch payments: an uploaded file (or typed rows) of up to 10,000 payments, checked row by row,
-- confirmed with one code, held in one ledger call; each row then becomes a payment of its own.
CREATE TABLE payment_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  account_id uuid NOT NULL REFERENCES client_accounts (id),
  status text NOT NULL CHECK (status IN ('draft', 'processing', 'completed', 'cancelled', 'on_hold', 'returned')),
  source_format text NOT NULL CHECK (source_format IN ('csv', 'xlsx', 'pain.001', 'json')),
  file_name text,
  message_id text,
  challenge_id uuid REFERENCES auth_challenges (id),
  status_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
CREATE INDEX payment_batches_client ON payment_batches (client_id, created_at DESC);

CREATE TABLE payment_batch_rows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  batch_id uuid NOT NULL REFERENCES payment_batches (id) ON DELETE CASCADE,
  row_number integer NOT NULL CHECK (row_number > 0),
  fields jsonb NOT NULL CHECK (jsonb_typeof(fields) = 'object'),
  type text CHECK (type IN ('sepa', 'faster_pay', 'international')),
  payee jsonb,
  amount_minor bigint,
  currency text,
  debit_amount_minor bigint,
  fee_minor bigint,
  rate text,
  market_rate text,
  description text NOT NULL DEFAULT '',
  errors jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(errors) = 'array'),
  removed boolean NOT NULL DEFAULT false,
  payment_id uuid UNIQUE REFERENCES payments (id),
  UNIQUE (batch_id, row_number)
);
CREATE INDEX payment_batch_rows_payment ON payment_batch_rows (payment_id) WHERE payment_id IS NOT NULL;
