-- The settings pages (docs/requirements/settings.md): the people of a company (directors,
-- shareholders, beneficial owners, signatories) with their address, source of wealth and
-- documents; the company's contacts as one more profile section.
CREATE TABLE related_persons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 70),
  last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 70),
  -- Unknown for a person named only in the company structure until the client completes them.
  date_of_birth date,
  nationality text CHECK (nationality ~ '^[A-Z]{2}$'),
  roles text[] NOT NULL CHECK (cardinality(roles) BETWEEN 1 AND 6),
  ownership_percent integer NOT NULL DEFAULT 0 CHECK (ownership_percent BETWEEN 0 AND 100),
  email text CHECK (length(email) <= 254),
  address jsonb,
  wealth jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX related_persons_client ON related_persons (client_id, created_at);

ALTER TABLE client_documents ADD COLUMN related_person_id uuid REFERENCES related_persons (id);
CREATE INDEX client_documents_person ON client_documents (related_person_id) WHERE related_person_id IS NOT NULL;

ALTER TABLE company_profile_sections DROP CONSTRAINT company_profile_sections_section_check;
ALTER TABLE company_profile_sections ADD CONSTRAINT company_profile_sections_section_check CHECK (section IN
  ('activity_types', 'client_info', 'incoming_partners', 'outgoing_partners', 'company_structure', 'contacts'));
