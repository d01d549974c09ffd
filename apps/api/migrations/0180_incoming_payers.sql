-- Who paid each incoming payment, as the bank's statement or the operator typing it named them:
-- the credit's statement line shows it as its counterparty (docs/requirements/statements.md).
-- Keyed by the incoming payment's reference, the reference_id of its ledger transfers.
CREATE TABLE incoming_payers (
  reference text PRIMARY KEY CHECK (length(reference) BETWEEN 1 AND 200),
  payer_name text NOT NULL CHECK (length(payer_name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The payers of the credits booked before this table: the bank's debtor of an imported credit,
-- and the payer an operator typed (kept in the audit entry of the recording).
INSERT INTO incoming_payers (reference, payer_name)
SELECT 'bank-' || id::text, left(btrim(debtor_name), 200)
  FROM bank_credits
 WHERE btrim(coalesce(debtor_name, '')) <> ''
ON CONFLICT DO NOTHING;

INSERT INTO incoming_payers (reference, payer_name)
SELECT DISTINCT ON (details->>'bank_reference')
       'bo-' || (details->>'bank_reference'), left(btrim(details->>'payer_name'), 200)
  FROM audit_log
 WHERE action = 'operator.incoming_payment_recorded'
   AND btrim(coalesce(details->>'payer_name', '')) <> ''
   AND length(details->>'bank_reference') BETWEEN 1 AND 197
 ORDER BY details->>'bank_reference', occurred_at
ON CONFLICT DO NOTHING;
