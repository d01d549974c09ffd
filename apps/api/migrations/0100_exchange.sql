-- Currency exchange between a client's own accounts (docs/requirements/exchange.md) and closing
-- an empty currency account.

-- A closed account is kept (its ledger account and history stay) but no longer listed or used;
-- opening the currency again reopens it.
ALTER TABLE client_accounts ADD COLUMN closed_at timestamptz;

-- A quote and, once confirmed, the exchange it became. The prices are fixed when quoted; the
-- confirmation books exactly these amounts or nothing. `expired` is not stored: a quote past
-- expires_at that was not confirmed is expired.
CREATE TABLE fx_exchanges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  from_account_id uuid NOT NULL REFERENCES client_accounts (id),
  to_account_id uuid NOT NULL REFERENCES client_accounts (id),
  sell_currency text NOT NULL CHECK (sell_currency ~ '^[A-Z]{3}$'),
  buy_currency text NOT NULL CHECK (buy_currency ~ '^[A-Z]{3}$'),
  sell_amount_minor bigint NOT NULL CHECK (sell_amount_minor > 0),
  buy_amount_minor bigint NOT NULL CHECK (buy_amount_minor > 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0 AND fee_minor < sell_amount_minor),
  fixed_side text NOT NULL CHECK (fixed_side IN ('sell', 'buy')),
  market_rate text NOT NULL,
  client_rate text NOT NULL,
  markup_ppm integer NOT NULL CHECK (markup_ppm BETWEEN 0 AND 999999),
  rate_source text NOT NULL,
  rate_as_of timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'quoted' CHECK (status IN ('quoted', 'completed')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CHECK (sell_currency <> buy_currency),
  CHECK (from_account_id <> to_account_id),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
CREATE INDEX fx_exchanges_client ON fx_exchanges (client_id, created_at DESC);
CREATE INDEX fx_exchanges_completed ON fx_exchanges (completed_at) WHERE status = 'completed';

-- Rates may now come from the ECB's daily file or an HTTP feed as well; each keeps the time it
-- was taken, so a quote can refuse a rate that is too old.
ALTER TABLE fx_rates DROP CONSTRAINT IF EXISTS fx_rates_source_check;
ALTER TABLE fx_rates ADD CONSTRAINT fx_rates_source_check
  CHECK (source IN ('reference', 'operator', 'ecb_upload', 'http'));

-- One rate per currency and day: the last one taken that day (the charts and the back office's
-- history read it).
CREATE TABLE fx_rate_history (
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  day date NOT NULL,
  rate_per_eur text NOT NULL CHECK (rate_per_eur ~ '^(0|[1-9][0-9]{0,11})(\.[0-9]{1,12})?$'),
  source text NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (currency, day)
);
