-- Issue 6: the client's notifications panel. Written by the events themselves, in their own
-- transactions (notifyClient); the client only marks them viewed.
CREATE TABLE client_notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,60}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  params jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(params) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  viewed_at timestamptz
);
CREATE INDEX client_notifications_newest ON client_notifications (client_id, created_at DESC, id DESC);
CREATE INDEX client_notifications_unviewed ON client_notifications (client_id, created_at DESC) WHERE viewed_at IS NULL;
