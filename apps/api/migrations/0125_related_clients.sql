-- Related clients (docs/requirements/settings.md, "Related clients"): a client names another
-- client of the institution and how they are related. One link per pair and direction.
CREATE TABLE related_clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  related_client_id uuid NOT NULL REFERENCES clients (id),
  relationship text NOT NULL CHECK (relationship IN
    ('PARENT_COMPANY', 'SUBSIDIARY', 'AFFILIATE', 'SAME_OWNER', 'FAMILY', 'OTHER')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, related_client_id),
  CHECK (client_id <> related_client_id)
);
CREATE INDEX related_clients_related ON related_clients (related_client_id);
