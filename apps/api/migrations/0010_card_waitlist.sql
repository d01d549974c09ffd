-- The payment card is not available yet (spec section 9); visitors can ask to be told when
-- it is. We keep the address only with explicit consent, and record when it was given.
CREATE TABLE card_waitlist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  locale text NOT NULL DEFAULT 'en-GB' CHECK (locale ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  consent_given_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX card_waitlist_email ON card_waitlist (lower(email));
