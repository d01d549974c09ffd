-- Addresses that asked, through the signed link in an e-mail, to get no more non-essential
-- e-mail. Service messages (codes, payment notices) are part of the service and still go out.
CREATE TABLE email_unsubscribes (
  email_lower text PRIMARY KEY CHECK (email_lower = lower(email_lower) AND length(email_lower) BETWEEN 3 AND 320),
  unsubscribed_at timestamptz NOT NULL DEFAULT now()
);
