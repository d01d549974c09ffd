-- RELIABILITY.md T11 (FCA CASS 15): the internal reconciliation runs every day by itself, not
-- only when an operator records one with the bank's figures. A system run has no operator; one
-- system run per day and currency, however many API processes try at once.
ALTER TABLE safeguarding_reconciliations ALTER COLUMN operator_id DROP NOT NULL;
ALTER TABLE safeguarding_reconciliations
  ADD COLUMN recorded_by text NOT NULL DEFAULT 'operator' CHECK (recorded_by IN ('operator', 'system'));
ALTER TABLE safeguarding_reconciliations
  ADD CONSTRAINT safeguarding_reconciliations_recorder CHECK ((recorded_by = 'system') = (operator_id IS NULL));
CREATE UNIQUE INDEX safeguarding_reconciliations_system_day ON safeguarding_reconciliations (reconciled_on, currency)
  WHERE recorded_by = 'system';
