-- Step-up authentication for security settings: a one-time code by the CURRENT factor, bound
-- to the change it authorises (docs/security-settings.md).
ALTER TABLE auth_challenges DROP CONSTRAINT auth_challenges_purpose_check;
ALTER TABLE auth_challenges ADD CONSTRAINT auth_challenges_purpose_check
  CHECK (purpose IN ('login', 'email_confirm', 'password_restore', 'phone_verify', 'payment', 'step_up'));

-- A new authenticator is kept aside until its first code proves it, so the working one stays in
-- force until then (a started but unfinished set-up changes nothing).
ALTER TABLE clients ADD COLUMN totp_pending_secret_encrypted text;
ALTER TABLE clients ADD COLUMN totp_pending_until timestamptz;

-- Lockouts per log-in name AND IP address (decision 0017): `ip` is the caller's address, or ''
-- for the account-wide row that only slows every caller down progressively. Rows from before
-- become account-wide rows, so a lock already running still runs out as it was.
ALTER TABLE login_lockouts ADD COLUMN ip text NOT NULL DEFAULT '' CHECK (length(ip) <= 64);
ALTER TABLE login_lockouts DROP CONSTRAINT login_lockouts_pkey;
ALTER TABLE login_lockouts ADD PRIMARY KEY (principal_type, login_name, ip);

-- A changed second factor ends the client's other sessions, with its own reason.
ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
  CHECK (end_reason IN ('logout', 'idle', 'expired', 'password_changed', 'revoked', 'factor_changed'));
