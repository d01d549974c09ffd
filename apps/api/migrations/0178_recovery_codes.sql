-- Recovery codes for a principal's authenticator app (docs/security-settings.md, "Recovery
-- codes"): ten single-use codes made when the app is confirmed, each accepted at log-in instead
-- of the app's code. Only the SHA-256 of a code, bound to its owner's id, is kept: a copy of this
-- table lets nobody log in. A new set replaces the old one; leaving the app deletes them.
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  principal_type text NOT NULL CHECK (principal_type IN ('client', 'operator')),
  client_id uuid REFERENCES clients (id),
  operator_id uuid REFERENCES operators (id),
  code_hash bytea NOT NULL CHECK (length(code_hash) = 32),
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((principal_type = 'client') = (client_id IS NOT NULL)),
  CHECK ((principal_type = 'operator') = (operator_id IS NOT NULL))
);
CREATE UNIQUE INDEX recovery_codes_client ON recovery_codes (client_id, code_hash) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX recovery_codes_operator ON recovery_codes (operator_id, code_hash)
  WHERE operator_id IS NOT NULL;
