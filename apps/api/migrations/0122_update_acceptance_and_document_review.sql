-- A data update the client has sent waits for an operator's acceptance before the flags clear
-- (docs/requirements/settings.md, "Update requests"); an operator's verdict on a document and
-- the acceptance of an update join the review history.
ALTER TABLE clients ADD COLUMN data_update_submitted_at timestamptz;

ALTER TABLE operator_reviews DROP CONSTRAINT operator_reviews_action_check;
ALTER TABLE operator_reviews ADD CONSTRAINT operator_reviews_action_check CHECK (action IN (
  'identification_approved', 'identification_rejected', 'application_approved', 'application_rejected',
  'data_update_requested', 'password_change_required', 'identification_requested',
  'data_update_accepted', 'document_accepted', 'document_rejected'));
