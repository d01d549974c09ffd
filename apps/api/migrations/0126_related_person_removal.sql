-- Removing a company's related person (docs/requirements/settings.md, "People and ownership"):
-- the record stays, marked removed, so its documents and the audit trail keep their subject.
ALTER TABLE related_persons ADD COLUMN removed_at timestamptz;
DROP INDEX related_persons_client;
CREATE INDEX related_persons_client ON related_persons (client_id, created_at) WHERE removed_at IS NULL;
