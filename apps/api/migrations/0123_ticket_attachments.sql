-- Files in a support conversation (docs/requirements/tickets.md): a message's attachments, kept
-- by the attachment pipeline; and a client's confirmation that an answer solved the question.
CREATE TABLE support_ticket_attachments (
  message_id uuid NOT NULL REFERENCES support_ticket_messages (id),
  attachment_id uuid NOT NULL REFERENCES attachments (id),
  PRIMARY KEY (message_id, attachment_id)
);
CREATE UNIQUE INDEX support_ticket_attachments_attachment ON support_ticket_attachments (attachment_id);
