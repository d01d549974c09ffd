-- Which version of the terms and of the privacy policy a client accepted at sign-up, and when.
-- Clients who signed up before the acceptance was asked for keep NULLs.
ALTER TABLE clients ADD COLUMN terms_version text;
ALTER TABLE clients ADD COLUMN privacy_version text;
ALTER TABLE clients ADD COLUMN terms_accepted_at timestamptz;
