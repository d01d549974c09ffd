-- Foundation: the notification outbox, the audit log and the application's own state.
-- SQL stays within PostgreSQL 15 so it runs on the server and on embedded PGlite alike.

-- E-mail and SMS are written here in the same transaction as the change that causes them,
-- then delivered by a worker; a crash between the two never loses or duplicates a message.
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
  subject text NOT NULL DEFAULT '' CHECK (length(subject) <= 200),
  body_text text NOT NULL CHECK (length(body_text) <= 100000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_messages_due ON outbox_messages (channel, next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_messages_recipient ON outbox_messages (lower(recipient), created_at DESC);

-- Every state change a client or operator makes is recorded here, and never changed after.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  actor_type text NOT NULL CHECK (actor_type IN ('client', 'operator', 'system', 'anonymous')),
  actor_id text,
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.]*$'),
  object_type text,
  object_id text,
  request_id text,
  ip text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_actor ON audit_log (actor_type, actor_id, occurred_at DESC);
CREATE INDEX audit_log_object ON audit_log (object_type, object_id, occurred_at DESC);
CREATE INDEX audit_log_action ON audit_log (action, occurred_at DESC);

CREATE FUNCTION forbid_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION forbid_history_change();

-- Small facts about this installation, such as when the demo data was seeded.
CREATE TABLE app_state (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
