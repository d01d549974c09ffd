-- Changing the log-in e-mail address or phone number (docs/security-settings.md, "The log-in
-- e-mail and phone"): the code sent to the new address or number is a challenge of its own
-- purpose, holding the new value in its context, and a change ends the client's other sessions.
ALTER TABLE auth_challenges DROP CONSTRAINT auth_challenges_purpose_check;
ALTER TABLE auth_challenges ADD CONSTRAINT auth_challenges_purpose_check
  CHECK (purpose IN ('login', 'email_confirm', 'password_restore', 'phone_verify', 'payment', 'step_up',
    'contact_change'));

ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
  CHECK (end_reason IN ('logout', 'idle', 'expired', 'password_changed', 'revoked', 'factor_changed',
    'contact_changed'));
