-- Related clients without a membership oracle (docs/requirements/settings.md, "Related
-- clients"): a link records what the client declared (an e-mail or an account) and is accepted
-- the same whether or not a client of ours matches it; the match, when there is one, is kept for
-- the back office only. A repeat is judged by what was declared, never by who was matched.
ALTER TABLE related_clients ALTER COLUMN related_client_id DROP NOT NULL;
ALTER TABLE related_clients ADD COLUMN declared_by text CHECK (declared_by IN ('email', 'account'));
ALTER TABLE related_clients ADD COLUMN declared text CHECK (length(declared) BETWEEN 1 AND 254);
UPDATE related_clients r SET declared_by = 'email', declared = lower(c.email)
  FROM clients c WHERE c.id = r.related_client_id;
ALTER TABLE related_clients ALTER COLUMN declared_by SET NOT NULL;
ALTER TABLE related_clients ALTER COLUMN declared SET NOT NULL;
ALTER TABLE related_clients DROP CONSTRAINT related_clients_client_id_related_client_id_key;
CREATE UNIQUE INDEX related_clients_declared ON related_clients (client_id, declared_by, declared);
