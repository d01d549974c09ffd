-- When the session last sent a request that may write (POST, PUT, PATCH, DELETE): reads that
-- may lag go to the primary for a short while after it, so a client sees their own payment at
-- once (docs/decisions/0038-read-replica-for-reads-that-may-lag.md).
ALTER TABLE sessions ADD COLUMN last_write_at timestamptz;
