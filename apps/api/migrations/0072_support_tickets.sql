-- Messages (spec section 2, /dashboard/tickets): support tickets between a client and the back
-- office. A ticket is `open` while it waits for us, `answered` while it waits for the client,
-- and `closed` when either side ends it. The client's unread count is the tickets whose last
-- answer from us is newer than the client's last look at them.
CREATE TABLE support_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 120),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  message_count integer NOT NULL DEFAULT 0 CHECK (message_count BETWEEN 0 AND 200),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  last_answer_at timestamptz,
  client_read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_tickets_client ON support_tickets (client_id, last_message_at DESC);
CREATE INDEX support_tickets_queue ON support_tickets (status, last_message_at);

CREATE TABLE support_ticket_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL REFERENCES support_tickets (id),
  author text NOT NULL CHECK (author IN ('client', 'operator')),
  operator_id uuid REFERENCES operators (id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((author = 'operator') = (operator_id IS NOT NULL))
);
CREATE INDEX support_ticket_messages_ticket ON support_ticket_messages (ticket_id, created_at);
