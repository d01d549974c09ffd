-- The ledger, second step (docs/ledger.md, docs/decisions/0008-ledger-one-round-trip.md):
-- account freezes, and one round trip for a lone transfer that passes every check.

-- A frozen client account refuses every debit (a new transfer, a hold, the post of a hold placed
-- before the freeze); credits, voids and expiries, which only give money back, still land. The
-- flag sits on the balance row, so the row lock that serialises debits also serialises freezes.
ALTER TABLE ledger_balances ADD COLUMN frozen boolean NOT NULL DEFAULT false;

-- Every freeze and unfreeze, with who and why: the back office's trail, never changed.
CREATE TABLE ledger_account_freezes (
  account_id text COLLATE "C" NOT NULL REFERENCES ledger_accounts (id),
  seq integer NOT NULL CHECK (seq > 0),
  action text NOT NULL CHECK (action IN ('freeze', 'unfreeze')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, seq)
);
CREATE TRIGGER ledger_account_freezes_append_only
  BEFORE UPDATE OR DELETE ON ledger_account_freezes
  FOR EACH ROW EXECUTE FUNCTION forbid_history_change();
CREATE TRIGGER ledger_account_freezes_no_truncate
  BEFORE TRUNCATE ON ledger_account_freezes
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_history_change();

-- The guard of 0002, plus: a freeze or unfreeze changes the flag and nothing else, and a frozen
-- balance takes no debit (second line of defence; the TypeScript refuses with account_frozen).
CREATE OR REPLACE FUNCTION ledger_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_balances rows are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.frozen IS DISTINCT FROM OLD.frozen THEN
    IF (NEW.account_id, NEW.debits_pending_minor, NEW.debits_posted_minor, NEW.credits_pending_minor,
        NEW.credits_posted_minor, NEW.version, NEW.last_entry_at)
       IS DISTINCT FROM (OLD.account_id, OLD.debits_pending_minor, OLD.debits_posted_minor,
        OLD.credits_pending_minor, OLD.credits_posted_minor, OLD.version, OLD.last_entry_at) THEN
      RAISE EXCEPTION 'a freeze of ledger account % changes nothing but the flag', OLD.account_id
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
  END IF;
  -- Posted totals only grow, every change is an entry that bumps the version, and a balance
  -- never moves to another account.
  IF NEW.account_id <> OLD.account_id OR NEW.debits_posted_minor < OLD.debits_posted_minor
     OR NEW.credits_posted_minor < OLD.credits_posted_minor OR NEW.version <= OLD.version THEN
    RAISE EXCEPTION 'the balance of ledger account % may only move forward', OLD.account_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.frozen AND (NEW.debits_posted_minor > OLD.debits_posted_minor
     OR NEW.debits_pending_minor > OLD.debits_pending_minor) THEN
    RAISE EXCEPTION 'ledger account % is frozen', OLD.account_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;

-- The account view and the load call of 0002, with the flag added (a column added at the end;
-- the load call's signature is unchanged).
CREATE OR REPLACE VIEW ledger_account_balances AS
SELECT a.id, a.kind, a.rail, a.currency, a.owner_client_id, a.debits_must_not_exceed_credits,
  a.credits_must_not_exceed_debits, coalesce(b.debits_pending_minor, 0) AS debits_pending_minor,
  coalesce(b.debits_posted_minor, 0) AS debits_posted_minor,
  coalesce(b.credits_pending_minor, 0) AS credits_pending_minor,
  coalesce(b.credits_posted_minor, 0) AS credits_posted_minor, coalesce(b.version, 0) AS version,
  b.last_entry_at, a.created_at, a.shard_count, a.shard_of, b.account_id IS NOT NULL AS holds_balance,
  coalesce(b.frozen, false) AS frozen
FROM ledger_accounts a LEFT JOIN ledger_balances b ON b.account_id = a.id;

CREATE OR REPLACE FUNCTION ledger_load_batch(account_ids text[], pending_ids text[], transfer_ids text[],
  lock_flagged boolean)
RETURNS TABLE (db_now timestamptz, accounts json, found_transfers json, resolvers json)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
  wanted text[] := account_ids;
BEGIN
  IF cardinality(pending_ids) > 0 THEN
    wanted := wanted || ARRAY(SELECT unnest(ARRAY[p.debit_account_id, p.credit_account_id])
      FROM ledger_transfers p WHERE p.id = ANY(pending_ids));
  END IF;
  IF lock_flagged THEN
    PERFORM FROM ledger_balances b
    WHERE b.account_id = ANY(wanted) AND (b.debits_must_not_exceed_credits OR b.credits_must_not_exceed_debits)
    ORDER BY b.account_id
    FOR UPDATE;
  END IF;
  RETURN QUERY SELECT now(),
    (SELECT json_agg(a) FROM (
      SELECT x.id, x.kind, x.rail, x.currency, x.owner_client_id, x.debits_must_not_exceed_credits,
        x.credits_must_not_exceed_debits, x.debits_pending_minor, x.debits_posted_minor, x.credits_pending_minor,
        x.credits_posted_minor, x.version, x.last_entry_at, x.created_at, x.shard_count, x.shard_of, x.frozen
      FROM ledger_account_balances x WHERE x.id = ANY(wanted)) a),
    (SELECT json_agg(t) FROM (
      SELECT t.id, t.kind, t.linked, t.debit_account_id, t.credit_account_id, t.amount_minor, t.currency, t.code,
        t.reference_type, t.reference_id, t.pending_id, t.timeout_seconds, t.expires_at, t.event_at, t.created_at
      FROM ledger_transfers t WHERE t.id = ANY(transfer_ids)) t),
    CASE WHEN cardinality(pending_ids) > 0 THEN (SELECT json_agg(r) FROM (
      SELECT t.pending_id, t.id, t.kind, t.code FROM ledger_transfers t WHERE t.pending_id = ANY(pending_ids)) r) END;
END;
$$;

-- ledger_write_batch of 0002, with one change: on the optimistic path a balance whose limit a
-- decision read must also not have been frozen since (a debit decided before a freeze must not
-- land after it). Same signature, so load-batch.ts and write-batch.ts are unchanged callers.
CREATE OR REPLACE FUNCTION ledger_write_batch(
  transfers json,
  account_ids text[], debits_posted_deltas bigint[], debits_pending_deltas bigint[],
  credits_posted_deltas bigint[], credits_pending_deltas bigint[], entry_counts integer[],
  entry_account_ids text[], entry_transfer_ids text[], entry_sides text[], entry_posted_amounts bigint[],
  entry_pending_deltas bigint[], entry_positions integer[], entry_running_deltas bigint[],
  created_at timestamptz, expected_account_ids text[], expected_versions bigint[])
RETURNS TABLE (written_transfers integer, written_entries integer)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
  moved_accounts integer;
BEGIN
  PERFORM FROM ledger_balances b WHERE b.account_id = ANY(account_ids)
  ORDER BY NOT (b.debits_must_not_exceed_credits OR b.credits_must_not_exceed_debits), b.account_id
  FOR UPDATE;
  IF cardinality(expected_account_ids) > 0 AND EXISTS (
    SELECT FROM unnest(expected_account_ids, expected_versions) AS e(account_id, version)
    LEFT JOIN ledger_balances b ON b.account_id = e.account_id
    WHERE b.version IS DISTINCT FROM e.version OR b.frozen) THEN
    RAISE EXCEPTION 'ledger balances changed since they were read' USING ERRCODE = 'serialization_failure';
  END IF;

  INSERT INTO ledger_transfers (id, kind, linked, debit_account_id, credit_account_id, amount_minor,
    currency, code, reference_type, reference_id, pending_id, timeout_seconds, expires_at, event_at, created_at)
  SELECT r.id, r.kind, r.linked, r.debit_account_id, r.credit_account_id, r.amount_minor, r.currency, r.code,
    r.reference_type, r.reference_id, r.pending_id, r.timeout_seconds, r.expires_at, r.event_at,
    ledger_write_batch.created_at
  FROM json_to_recordset(transfers) AS r(
    id text, kind text, linked boolean, debit_account_id text, credit_account_id text, amount_minor bigint,
    currency text, code text, reference_type text, reference_id text, pending_id text,
    timeout_seconds integer, expires_at timestamptz, event_at timestamptz);
  GET DIAGNOSTICS written_transfers = ROW_COUNT;

  WITH moved AS (
    UPDATE ledger_balances a SET
      debits_posted_minor = a.debits_posted_minor + d.debits_posted_delta,
      debits_pending_minor = a.debits_pending_minor + d.debits_pending_delta,
      credits_posted_minor = a.credits_posted_minor + d.credits_posted_delta,
      credits_pending_minor = a.credits_pending_minor + d.credits_pending_delta,
      version = a.version + d.entry_count,
      last_entry_at = greatest(a.last_entry_at, ledger_write_batch.created_at)
    FROM unnest(account_ids, debits_posted_deltas, debits_pending_deltas, credits_posted_deltas,
        credits_pending_deltas, entry_counts)
      AS d(account_id, debits_posted_delta, debits_pending_delta, credits_posted_delta, credits_pending_delta,
        entry_count)
    WHERE a.account_id = d.account_id AND a.account_id = ANY(account_ids)
    RETURNING a.account_id AS id, a.version - d.entry_count AS first_version,
      (a.credits_posted_minor - d.credits_posted_delta) - (a.debits_posted_minor - d.debits_posted_delta)
        AS base_balance,
      a.last_entry_at AS entry_time
  ), inserted AS (
    INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, posted_amount_minor,
      pending_delta_minor, balance_before_minor, balance_after_minor, created_at)
    SELECT e.account_id, m.first_version + e.position, e.transfer_id, e.side, e.posted_amount, e.pending_delta,
      m.base_balance + e.running_delta - CASE WHEN e.side = 'credit' THEN e.posted_amount ELSE -e.posted_amount END,
      m.base_balance + e.running_delta,
      m.entry_time
    FROM unnest(entry_account_ids, entry_transfer_ids, entry_sides, entry_posted_amounts, entry_pending_deltas,
        entry_positions, entry_running_deltas)
      AS e(account_id, transfer_id, side, posted_amount, pending_delta, position, running_delta)
    JOIN moved m ON m.id = e.account_id
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM moved), (SELECT count(*) FROM inserted) INTO moved_accounts, written_entries;
  IF moved_accounts <> cardinality(account_ids) THEN
    RAISE EXCEPTION 'ledger write moved % of % balances', moved_accounts, cardinality(account_ids)
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEXT;
END;
$$;

-- One round trip for a lone new transfer (posted or pending) that passes every check: the
-- common case of a payment, a fee, a card hold. It locks the two balances in the ledger's one
-- order (flagged first, then by id), and writes only when the transfer id is unused, both
-- accounts exist in the transfer's currency, neither total would pass 2^53, the debit account is
-- not frozen, and no limit would break. Otherwise it writes nothing and answers `created = false`;
-- the TypeScript then decides the transfer on the usual path, which gives the precise result code
-- (decision 0008). `shard_hash` is the FNV-1a hash of the id (chart-of-accounts.ts): a sharded
-- account's transfer lands on shard `shard_hash % shard_count`, as it does on the usual path.
CREATE FUNCTION ledger_create_one(p_id text, p_kind text, p_debit text, p_credit text, p_amount bigint,
  p_currency text, p_code text, p_reference_type text, p_reference_id text, p_timeout integer,
  p_event_at timestamptz, p_now timestamptz, p_shard_hash bigint)
RETURNS TABLE (created boolean, created_at timestamptz, debit_id text, credit_id text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
  max_total constant bigint := 9007199254740991;
  at_now timestamptz := coalesce(p_now, now());
  pending boolean := p_kind = 'pending';
  posted_amount bigint := CASE WHEN p_kind = 'pending' THEN 0 ELSE p_amount END;
  pending_amount bigint := CASE WHEN p_kind = 'pending' THEN p_amount ELSE 0 END;
  d ledger_balances%ROWTYPE;
  c ledger_balances%ROWTYPE;
  d_time timestamptz;
  c_time timestamptz;
  d_flagged boolean;
  c_flagged boolean;
BEGIN
  created_at := at_now;
  created := false;
  IF p_kind NOT IN ('posted', 'pending') THEN RETURN NEXT; RETURN; END IF;
  SELECT CASE WHEN a.shard_count > 1 THEN a.id || ':s' || lpad((p_shard_hash % a.shard_count)::text, 2, '0')
    ELSE a.id END, a.debits_must_not_exceed_credits OR a.credits_must_not_exceed_debits INTO debit_id, d_flagged
  FROM ledger_accounts a WHERE a.id = p_debit AND a.currency = p_currency;
  SELECT CASE WHEN a.shard_count > 1 THEN a.id || ':s' || lpad((p_shard_hash % a.shard_count)::text, 2, '0')
    ELSE a.id END, a.debits_must_not_exceed_credits OR a.credits_must_not_exceed_debits INTO credit_id, c_flagged
  FROM ledger_accounts a WHERE a.id = p_credit AND a.currency = p_currency;
  IF debit_id IS NULL OR credit_id IS NULL OR debit_id = credit_id
     OR EXISTS (SELECT FROM ledger_transfers t WHERE t.id = p_id) THEN
    RETURN NEXT; RETURN;
  END IF;
  -- The ledger's one lock order: flagged balances first, then by id in the "C" collation. (A
  -- shard carries no limit, as its parent carries none, so the parent's flags are the shard's.)
  IF d_flagged > c_flagged OR (d_flagged = c_flagged AND debit_id COLLATE "C" < credit_id COLLATE "C") THEN
    SELECT * INTO d FROM ledger_balances b WHERE b.account_id = debit_id FOR UPDATE;
    SELECT * INTO c FROM ledger_balances b WHERE b.account_id = credit_id FOR UPDATE;
  ELSE
    SELECT * INTO c FROM ledger_balances b WHERE b.account_id = credit_id FOR UPDATE;
    SELECT * INTO d FROM ledger_balances b WHERE b.account_id = debit_id FOR UPDATE;
  END IF;
  IF d.account_id IS NULL OR c.account_id IS NULL OR d.frozen
     OR (CASE WHEN pending THEN d.debits_pending_minor ELSE d.debits_posted_minor END) > max_total - p_amount
     OR (CASE WHEN pending THEN c.credits_pending_minor ELSE c.credits_posted_minor END) > max_total - p_amount
     OR (d.debits_must_not_exceed_credits
       AND d.debits_posted_minor + d.debits_pending_minor + p_amount > d.credits_posted_minor)
     OR (c.credits_must_not_exceed_debits
       AND c.credits_posted_minor + c.credits_pending_minor + p_amount > c.debits_posted_minor) THEN
    RETURN NEXT; RETURN;
  END IF;

  INSERT INTO ledger_transfers (id, kind, linked, debit_account_id, credit_account_id, amount_minor,
    currency, code, reference_type, reference_id, pending_id, timeout_seconds, expires_at, event_at, created_at)
  VALUES (p_id, p_kind, false, debit_id, credit_id, p_amount, p_currency, p_code, p_reference_type,
    p_reference_id, NULL, p_timeout, at_now + make_interval(secs => p_timeout), coalesce(p_event_at, at_now),
    at_now);
  UPDATE ledger_balances b SET debits_posted_minor = b.debits_posted_minor + posted_amount,
    debits_pending_minor = b.debits_pending_minor + pending_amount, version = b.version + 1,
    last_entry_at = greatest(b.last_entry_at, at_now)
  WHERE b.account_id = debit_id RETURNING b.last_entry_at INTO d_time;
  UPDATE ledger_balances b SET credits_posted_minor = b.credits_posted_minor + posted_amount,
    credits_pending_minor = b.credits_pending_minor + pending_amount, version = b.version + 1,
    last_entry_at = greatest(b.last_entry_at, at_now)
  WHERE b.account_id = credit_id RETURNING b.last_entry_at INTO c_time;
  INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, posted_amount_minor,
    pending_delta_minor, balance_before_minor, balance_after_minor, created_at)
  VALUES
    (debit_id, d.version + 1, p_id, 'debit', posted_amount, pending_amount,
      d.credits_posted_minor - d.debits_posted_minor,
      d.credits_posted_minor - d.debits_posted_minor - posted_amount, d_time),
    (credit_id, c.version + 1, p_id, 'credit', posted_amount, pending_amount,
      c.credits_posted_minor - c.debits_posted_minor,
      c.credits_posted_minor - c.debits_posted_minor + posted_amount, c_time);
  created := true;
  RETURN NEXT;
END;
$$;
