-- Issue 7, four eyes that hold: an administrator who creates an operator must never hold both
-- of that operator's factors. The new operator gets an e-mailed, single-use invitation and
-- chooses the password and enrols the authenticator there; until then it cannot log in.
ALTER TABLE operators ADD COLUMN activated_at timestamptz;
UPDATE operators SET activated_at = created_at;

CREATE TABLE operator_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operator_id uuid NOT NULL REFERENCES operators (id),
  -- Only the SHA-256 of the link's secret is kept.
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_invitations_operator ON operator_invitations (operator_id);
