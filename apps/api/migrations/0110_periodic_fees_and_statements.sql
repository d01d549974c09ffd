-- The rest of the tariff (docs/requirements/fees.md): the monthly fee, the holding fee and
-- reference-letter fees are client fees like the opening fee, owed until the balance covers
-- them. Each is charged once per period: the period (a month YYYY-MM, or a letter's id) is
-- part of the unique key, so a job that runs twice or crashes half-way never charges twice.
ALTER TABLE client_fees DROP CONSTRAINT client_fees_kind_check;
ALTER TABLE client_fees ADD CONSTRAINT client_fees_kind_check
  CHECK (kind IN ('account_opening', 'account_closing', 'monthly', 'holding', 'reference_letter'));
ALTER TABLE client_fees ADD COLUMN period text NOT NULL DEFAULT ''
  CHECK (period = '' OR period ~ '^[0-9]{4}-[0-9]{2}$' OR period ~ '^[0-9a-f-]{36}$');
ALTER TABLE client_fees DROP CONSTRAINT client_fees_client_id_kind_key;
CREATE UNIQUE INDEX client_fees_once_per_period ON client_fees (client_id, kind, period, currency);
CREATE INDEX client_fees_by_period ON client_fees (period, kind) WHERE period <> '';

-- A month's fee run: recorded when every client's fees of the month are in client_fees, so
-- the next run starts with the month after it, however late that run is.
CREATE TABLE fee_runs (
  month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Monthly statements: one per account and calendar month, listed on /dashboard/statements. The
-- file is written from the ledger when downloaded; the ledger never changes a past month, so
-- every download of it carries the same lines and balances.
CREATE TABLE monthly_statements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  account_id uuid NOT NULL REFERENCES client_accounts (id),
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  opening_balance_minor bigint NOT NULL,
  closing_balance_minor bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, month)
);
CREATE INDEX monthly_statements_client ON monthly_statements (client_id, month DESC);
