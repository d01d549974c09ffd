-- Two more compliance actions on a client's record (spec section 4, forced redirects 3 and 5):
-- an operator requires a password change, or asks for a new identity check. Both are kept
-- with the other review decisions, so the record's history shows who asked, when and why.
ALTER TABLE operator_reviews DROP CONSTRAINT operator_reviews_action_check;
ALTER TABLE operator_reviews ADD CONSTRAINT operator_reviews_action_check CHECK (action IN (
  'identification_approved', 'identification_rejected', 'application_approved', 'application_rejected',
  'data_update_requested', 'password_change_required', 'identification_requested'));
