-- RELIABILITY.md bad input 21: an identity check records the date of birth and the document's
-- expiry as the client read them off the document, for the reviewer to compare with the image.
-- Submissions made before this have neither.
ALTER TABLE identification_submissions ADD COLUMN date_of_birth date;
ALTER TABLE identification_submissions ADD COLUMN document_expires_on date;
