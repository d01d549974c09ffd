-- Issue 6: the client's account group (IBAN, UK sort code and account number), one account per
-- currency (each backed by a ledger account), fees owed, idempotency keys, referrals.

-- One group per client. Every currency account of the client shares the group's IBAN (a UK
-- IBAN under the operator's bank code and sort code); Faster Payments reach its GBP account by
-- sort code and account number.
CREATE TABLE account_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL UNIQUE REFERENCES clients (id),
  iban text NOT NULL UNIQUE CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$'),
  bic text NOT NULL CHECK (bic ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  sort_code text NOT NULL CHECK (sort_code ~ '^[0-9]{6}$'),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{8}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sort_code, account_number)
);

-- A client's account in one currency: the name the client sees and the ledger account that
-- holds the money. Balances live only in the ledger.
CREATE TABLE client_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES account_groups (id),
  client_id uuid NOT NULL REFERENCES clients (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 70),
  ledger_account_id text NOT NULL UNIQUE REFERENCES ledger_accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, currency)
);
CREATE INDEX client_accounts_group ON client_accounts (group_id);

-- A fee the tariff says is due but that the client's money could not yet cover (decision
-- 0009): charged through the ledger when funds arrive, and then marked with its transfer.
CREATE TABLE client_fees (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  kind text NOT NULL CHECK (kind IN ('account_opening')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  region text NOT NULL CHECK (region IN ('UK', 'EEA', 'INTERNATIONAL')),
  status text NOT NULL DEFAULT 'owed' CHECK (status IN ('owed', 'charged')),
  transfer_id text REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  charged_at timestamptz,
  CHECK ((status = 'charged') = (transfer_id IS NOT NULL AND charged_at IS NOT NULL)),
  UNIQUE (client_id, kind)
);
CREATE INDEX client_fees_owed ON client_fees (client_id) WHERE status = 'owed';

-- Stripe-style idempotency keys, scoped to the caller: the first answer is stored and replayed
-- for a retry; the same key with another request is refused (RELIABILITY.md T2).
CREATE TABLE idempotency_keys (
  scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 200),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_hash bytea NOT NULL CHECK (length(request_hash) = 32),
  response_status integer NOT NULL,
  response_body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- Referrals: who brought a client in, by the referrer's code at sign-up.
ALTER TABLE clients ADD COLUMN referred_by_client_id uuid REFERENCES clients (id);
CREATE UNIQUE INDEX clients_referral_id_unique ON clients (referral_id) WHERE referral_id IS NOT NULL;
CREATE INDEX clients_referred_by ON clients (referred_by_client_id) WHERE referred_by_client_id IS NOT NULL;
