-- Money one operator brought in alone (a credit typed by hand, an unmatched bank credit
-- assigned), with its euro equivalent at the reference rate: the rolling 24-hour totals per
-- operator and per client account are summed from here, and a credit that would take either
-- past the approval threshold waits for a second operator instead (docs/incoming-money.md).
-- What a second operator approved is never written here: it already had four eyes.
CREATE TABLE single_operator_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- incoming_payment: the bank reference typed by hand; bank_credit: the bank credit's id.
  kind text NOT NULL CHECK (kind IN ('incoming_payment', 'bank_credit')),
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  operator_id uuid NOT NULL REFERENCES operators (id),
  client_account_id uuid NOT NULL REFERENCES client_accounts (id),
  amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 9007199254740991),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- Rounded up: the limit is never undercounted.
  eur_minor bigint NOT NULL CHECK (eur_minor >= 1),
  booked_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX single_operator_credits_reference ON single_operator_credits (kind, reference);
CREATE INDEX single_operator_credits_operator ON single_operator_credits (operator_id, booked_at);
CREATE INDEX single_operator_credits_account ON single_operator_credits (client_account_id, booked_at);
