-- Reference letters (docs/requirements/statements.md): a client orders one in settings and pays
-- the tariff's fee by region (a client_fees row whose period is the letter's id, owed until the
-- balance covers it); the letter is downloadable once nothing is owed for it.
CREATE TABLE reference_letters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  fee_id uuid REFERENCES client_fees (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reference_letters_client ON reference_letters (client_id, created_at DESC);
