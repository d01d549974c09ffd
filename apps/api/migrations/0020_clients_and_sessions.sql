-- Issue 4: clients, operators, their sessions, one-time codes and log-in lockouts.

-- A client of the institution. Private clients have first and last names; corporate clients a
-- company name, registration number and contact person (spec section 3).
CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('PRIVATE', 'CORPORATE')),
  status text NOT NULL DEFAULT 'NEW' CHECK (status IN
    ('NEW', 'VERIFIED', 'ON_APPROVAL', 'APPROVED', 'REJECTED', 'DEACTIVATION_REQUESTED', 'DEACTIVATED')),
  first_name text CHECK (length(first_name) BETWEEN 1 AND 70),
  last_name text CHECK (length(last_name) BETWEEN 1 AND 70),
  company_name text CHECK (length(company_name) BETWEEN 1 AND 140),
  registration_number text CHECK (length(registration_number) BETWEEN 1 AND 30),
  contact_person text CHECK (length(contact_person) BETWEEN 1 AND 140),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{5,14}$'),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  -- scrypt$N$r$p$salt$hash: the parameters travel with each hash, so they can be raised later
  -- and old hashes still verify.
  password_hash text NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  email_confirmed_at timestamptz,
  phone_verified_at timestamptz,
  password_change_required boolean NOT NULL DEFAULT false,
  client_data_update_required boolean NOT NULL DEFAULT false,
  activity_require boolean NOT NULL DEFAULT false,
  address_require boolean NOT NULL DEFAULT false,
  client_info_require boolean NOT NULL DEFAULT false,
  partners_require boolean NOT NULL DEFAULT false,
  referral_id text,
  ondato_required boolean NOT NULL DEFAULT false,
  ondato_has_active_identification boolean NOT NULL DEFAULT false,
  has_processed_ondato_identification boolean NOT NULL DEFAULT false,
  -- AES-256-GCM ciphertext of the authenticator secret; confirmed once the client has entered
  -- a first code, and only then used as a second factor.
  totp_secret_encrypted text,
  totp_confirmed_at timestamptz,
  totp_last_counter bigint,
  second_factor text NOT NULL DEFAULT 'email' CHECK (second_factor IN ('totp', 'sms', 'email')),
  application_submitted_at timestamptz,
  decision_reason text CHECK (length(decision_reason) <= 1000),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type <> 'PRIVATE' OR (first_name IS NOT NULL AND last_name IS NOT NULL)),
  CHECK (type <> 'CORPORATE' OR (company_name IS NOT NULL AND registration_number IS NOT NULL
    AND contact_person IS NOT NULL)),
  CHECK (second_factor <> 'totp' OR totp_confirmed_at IS NOT NULL)
);
CREATE UNIQUE INDEX clients_email_unique ON clients (lower(email));
CREATE INDEX clients_status ON clients (status, application_submitted_at);

-- Back-office staff: a separate principal with its own sessions. TOTP is mandatory; only the
-- seeded demo operators (demo mode) receive codes by e-mail instead, as API.md fixes.
CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 140),
  roles text[] NOT NULL CHECK (cardinality(roles) >= 1
    AND roles <@ ARRAY['compliance', 'payments', 'support', 'admin']::text[]),
  password_hash text NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
  totp_secret_encrypted text,
  totp_last_counter bigint,
  second_factor text NOT NULL DEFAULT 'totp' CHECK (second_factor IN ('totp', 'email')),
  is_demo boolean NOT NULL DEFAULT false,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (second_factor = 'email' OR totp_secret_encrypted IS NOT NULL),
  CHECK (second_factor = 'totp' OR is_demo)
);
CREATE UNIQUE INDEX operators_email_unique ON operators (lower(email));

-- Only the SHA-256 of a session token is kept: a copy of this table lets nobody log in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  principal_type text NOT NULL CHECK (principal_type IN ('client', 'operator')),
  client_id uuid REFERENCES clients (id),
  operator_id uuid REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('logout', 'idle', 'expired', 'password_changed', 'revoked')),
  ip text,
  user_agent text CHECK (length(user_agent) <= 500),
  CHECK ((principal_type = 'client') = (client_id IS NOT NULL)),
  CHECK ((principal_type = 'operator') = (operator_id IS NOT NULL))
);
CREATE INDEX sessions_client_open ON sessions (client_id) WHERE ended_at IS NULL;
CREATE INDEX sessions_operator_open ON sessions (operator_id) WHERE ended_at IS NULL;

-- One-time codes and e-mailed links: log-in second factor, e-mail confirmation, password
-- restore, phone verification (and payments later). Only a hash of the secret is stored;
-- `context` binds the challenge to what it authorises (e.g. a payment's amount and payee).
CREATE TABLE auth_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('login', 'email_confirm', 'password_restore', 'phone_verify', 'payment')),
  principal_type text NOT NULL CHECK (principal_type IN ('client', 'operator')),
  client_id uuid REFERENCES clients (id),
  operator_id uuid REFERENCES operators (id),
  factor text NOT NULL CHECK (factor IN ('totp', 'sms', 'email', 'link')),
  secret_hash bytea CHECK (length(secret_hash) = 32),
  context jsonb NOT NULL DEFAULT '{}'::jsonb,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (factor = 'totp' OR secret_hash IS NOT NULL)
);
CREATE UNIQUE INDEX auth_challenges_secret ON auth_challenges (secret_hash) WHERE factor = 'link';
CREATE INDEX auth_challenges_client ON auth_challenges (client_id, purpose, created_at DESC);

-- Consecutive failed passwords and codes per log-in name (lower-cased e-mail), counted for
-- unknown addresses too, so a lockout never tells whether an account exists (PSD2 RTS art. 4).
CREATE TABLE login_lockouts (
  principal_type text NOT NULL CHECK (principal_type IN ('client', 'operator')),
  login_name text NOT NULL CHECK (length(login_name) BETWEEN 1 AND 254),
  failed_count integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
  locked_until timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (principal_type, login_name)
);

-- ALTCHA challenges already answered, so one solved proof of work opens one sign-up only.
CREATE TABLE altcha_used_challenges (
  nonce text PRIMARY KEY CHECK (length(nonce) <= 200),
  expires_at timestamptz NOT NULL
);
