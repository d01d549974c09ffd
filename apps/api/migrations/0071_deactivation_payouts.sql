-- Issue 7, paying out on closing: approving a request whose accounts still hold money pays the
-- money out to the recipient the client chose (one payment per account) and the request waits
-- in `paying_out` until every pay-out has arrived; then the accounts close. A pay-out that comes
-- back puts the request back in review with a note for the operator.
ALTER TABLE deactivation_requests DROP CONSTRAINT deactivation_requests_status_check;
ALTER TABLE deactivation_requests ADD CONSTRAINT deactivation_requests_status_check
  CHECK (status IN ('awaiting_confirmation', 'pending', 'paying_out', 'approved', 'rejected', 'withdrawn'));
ALTER TABLE deactivation_requests ADD COLUMN payout_note text CHECK (length(payout_note) <= 500);

-- A request paying out is still open: no second request can be made beside it.
DROP INDEX deactivation_requests_open;
CREATE UNIQUE INDEX deactivation_requests_open ON deactivation_requests (client_id)
  WHERE status IN ('awaiting_confirmation', 'pending', 'paying_out');

-- The pay-out payments of a request: their outcomes move the request on.
ALTER TABLE payments ADD COLUMN deactivation_request_id uuid REFERENCES deactivation_requests (id);
CREATE INDEX payments_deactivation_request ON payments (deactivation_request_id)
  WHERE deactivation_request_id IS NOT NULL;
