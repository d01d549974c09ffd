-- Each API process keeps the sessions it has just checked in memory for a few seconds
-- (docs/decisions/0040-session-check-in-memory.md). A write that could end a session or change
-- what a client may do tells every process to forget them: these triggers send a NOTIFY on
-- `auth_changed <schema>` when the transaction commits (channels are per database, so the schema
-- keeps apart installations that share one). The idle timer's writes (last_seen_at,
-- last_write_at) end nothing and send nothing.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed ' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$$;

CREATE TRIGGER clients_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();

CREATE TRIGGER sessions_auth_changed
  AFTER UPDATE OF token_hash, principal_type, client_id, operator_id, expires_at, ended_at OR DELETE OR TRUNCATE
  ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
