-- One pipeline for every uploaded file (docs/requirements/settings.md, "Attachments"): a row per
-- file with what its bytes are, and the bytes behind a storage interface (this table for the
-- database storage, a directory for the filesystem one). Identification and company documents
-- move here; client_documents keeps what a document is for and the operator's review of it.
CREATE TABLE attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  purpose text NOT NULL CHECK (purpose IN ('identification', 'company_document', 'person_document', 'ticket')),
  kind text NOT NULL CHECK (kind ~ '^[A-Za-z_]{1,40}$'),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/heic', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 bytea NOT NULL CHECK (length(sha256) = 32),
  storage text NOT NULL CHECK (storage IN ('database', 'filesystem')),
  uploaded_by text NOT NULL CHECK (uploaded_by IN ('client', 'operator')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_client ON attachments (client_id, created_at DESC);

CREATE TABLE attachment_contents (
  attachment_id uuid PRIMARY KEY REFERENCES attachments (id),
  content bytea NOT NULL
);

INSERT INTO attachments (id, client_id, purpose, kind, file_name, mime, size_bytes, sha256, storage, uploaded_by, created_at)
  SELECT id, client_id, CASE WHEN submission_id IS NULL THEN 'company_document' ELSE 'identification' END,
         kind, file_name, mime, size_bytes, sha256, 'database', 'client', created_at
  FROM client_documents;
INSERT INTO attachment_contents (attachment_id, content) SELECT id, content FROM client_documents;

ALTER TABLE client_documents ADD COLUMN attachment_id uuid REFERENCES attachments (id);
UPDATE client_documents SET attachment_id = id;
ALTER TABLE client_documents ALTER COLUMN attachment_id SET NOT NULL;
ALTER TABLE client_documents DROP COLUMN content;
ALTER TABLE client_documents DROP COLUMN file_name;
ALTER TABLE client_documents DROP COLUMN mime;
ALTER TABLE client_documents DROP COLUMN size_bytes;
ALTER TABLE client_documents DROP COLUMN sha256;
CREATE UNIQUE INDEX client_documents_attachment ON client_documents (attachment_id);

-- The operator's verdict on each document, with the reason a client is shown when it is refused.
ALTER TABLE client_documents ADD COLUMN review_status text NOT NULL DEFAULT 'pending'
  CHECK (review_status IN ('pending', 'accepted', 'rejected'));
ALTER TABLE client_documents ADD COLUMN review_reason text CHECK (length(review_reason) <= 1000);
ALTER TABLE client_documents ADD COLUMN reviewed_by uuid REFERENCES operators (id);
ALTER TABLE client_documents ADD COLUMN reviewed_at timestamptz;
