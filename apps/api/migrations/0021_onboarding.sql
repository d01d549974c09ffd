-- Issue 4: addresses, identification and company documents, company profile sections and the
-- operators' decisions on applications.

CREATE TABLE client_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  type text NOT NULL CHECK (type ~ '^[A-Z_]{1,40}$'),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
  postcode text NOT NULL CHECK (length(postcode) <= 12),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, type)
);

-- One attempt at the identity check: documents plus a selfie, pending until reviewed.
CREATE TABLE identification_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  document_type text NOT NULL CHECK (document_type ~ '^[A-Z_]{1,40}$'),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  provider text NOT NULL DEFAULT 'manual' CHECK (provider ~ '^[a-z_]{1,40}$'),
  reviewed_by uuid REFERENCES operators (id),
  reviewed_at timestamptz,
  decision_reason text CHECK (length(decision_reason) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX identification_one_pending ON identification_submissions (client_id) WHERE status = 'PENDING';

-- Uploaded files live in the database: one backup holds everything, and a file is never
-- reachable through a path built from its name. The type is what the bytes are (magic
-- numbers), not what the upload claimed.
CREATE TABLE client_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  submission_id uuid REFERENCES identification_submissions (id),
  kind text NOT NULL CHECK (kind ~ '^[A-Za-z_]{1,40}$'),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 bytea NOT NULL CHECK (length(sha256) = 32),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (length(content) = size_bytes)
);
CREATE INDEX client_documents_client ON client_documents (client_id, created_at DESC);

-- A business client's registration steps (spec section 3), one row per section, until the
-- corporate settings screens give each its own tables.
CREATE TABLE company_profile_sections (
  client_id uuid NOT NULL REFERENCES clients (id),
  section text NOT NULL CHECK (section IN
    ('activity_types', 'client_info', 'incoming_partners', 'outgoing_partners', 'company_structure')),
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, section)
);

-- What an operator decided about an application or asked of a client, and why.
CREATE TABLE operator_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  operator_id uuid NOT NULL REFERENCES operators (id),
  action text NOT NULL CHECK (action IN ('identification_approved', 'identification_rejected',
    'application_approved', 'application_rejected', 'data_update_requested')),
  reason text CHECK (length(reason) <= 1000),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_reviews_client ON operator_reviews (client_id, created_at DESC);
