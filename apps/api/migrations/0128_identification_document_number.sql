-- The identity document's number as printed on it (docs/requirements/settings.md,
-- "Identification"): kept for the review, and shown to the client only masked.
ALTER TABLE identification_submissions ADD COLUMN document_number text
  CHECK (document_number ~ '^[A-Z0-9]{4,20}$');
