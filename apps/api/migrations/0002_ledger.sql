-- The double-entry ledger (docs/ledger.md, docs/decisions/0005-ledger-design.md).
-- Only apps/api/src/ledger writes these tables. The TypeScript write path checks every rule
-- before it writes; the constraints and triggers below are the second line of defence, so a
-- bug there becomes an error, never a lost or invented cent.

-- Accounts: one per client per currency (their e-money, a liability to us) and system accounts
-- per currency. An account never changes once opened (as in TigerBeetle, its flags and identity
-- are fixed); what moves is its balance row in ledger_balances.
CREATE TABLE ledger_accounts (
  id text COLLATE "C" PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$'),
  kind text NOT NULL CHECK (kind IN ('client_emoney', 'rail_settlement', 'fx_position', 'fee_income',
    'safeguarding', 'suspense', 'opening_balances')),
  rail text CHECK (rail IN ('sepa', 'faster_pay', 'swift', 'internal')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  owner_client_id text CHECK (length(owner_client_id) BETWEEN 1 AND 128),
  debits_must_not_exceed_credits boolean NOT NULL DEFAULT false,
  credits_must_not_exceed_debits boolean NOT NULL DEFAULT false,
  -- A hot system account (a rail's settlement, fee income) is a parent that holds no money
  -- itself and `shard_count` shard accounts that do; each transfer lands on one shard, so
  -- concurrent transfers rarely wait for the same row (docs/ledger.md, "The hot account").
  shard_count integer NOT NULL DEFAULT 1 CHECK (shard_count BETWEEN 1 AND 64),
  shard_of text COLLATE "C" REFERENCES ledger_accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_one_limit CHECK (NOT (debits_must_not_exceed_credits AND credits_must_not_exceed_debits)),
  CONSTRAINT ledger_accounts_rail_for_settlement CHECK ((kind = 'rail_settlement') = (rail IS NOT NULL)),
  CONSTRAINT ledger_accounts_owner_for_client CHECK ((kind = 'client_emoney') = (owner_client_id IS NOT NULL)),
  -- A client's e-money may never go below zero, whoever opens the account.
  CONSTRAINT ledger_accounts_client_no_overdraft CHECK (kind <> 'client_emoney' OR debits_must_not_exceed_credits),
  CONSTRAINT ledger_accounts_shards_are_leaves CHECK (shard_of IS NULL OR shard_count = 1),
  -- A limit needs one total to check, so only unsharded accounts may carry one.
  CONSTRAINT ledger_accounts_sharded_without_limit CHECK (shard_count = 1
    OR NOT (debits_must_not_exceed_credits OR credits_must_not_exceed_debits))
);
-- Lets transfers reference (account, currency) so a transfer can never mix currencies.
CREATE UNIQUE INDEX ledger_accounts_id_currency ON ledger_accounts (id, currency);
-- Lets a balance row reference its account's limits, so the two can never disagree.
CREATE UNIQUE INDEX ledger_accounts_id_limits
  ON ledger_accounts (id, debits_must_not_exceed_credits, credits_must_not_exceed_debits);
CREATE UNIQUE INDEX ledger_accounts_one_per_client_currency
  ON ledger_accounts (owner_client_id, currency) WHERE kind = 'client_emoney';
CREATE UNIQUE INDEX ledger_accounts_one_system_account
  ON ledger_accounts (kind, currency, coalesce(rail, '')) WHERE kind <> 'client_emoney' AND shard_of IS NULL;
CREATE INDEX ledger_accounts_shards ON ledger_accounts (shard_of) WHERE shard_of IS NOT NULL;

CREATE TRIGGER ledger_accounts_immutable
  BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION forbid_history_change();

-- Balances: the four totals of every account that holds money (all but the parents of sharded
-- accounts), with `version` counting the entries written against it. Only the ledger's write
-- path moves them, one `x = x + delta` per call. The account's limits are copied here so that
-- the no-overdraft rule is a CHECK on this row; the foreign key keeps the copy true and costs
-- nothing on updates, which never change those columns.
CREATE TABLE ledger_balances (
  account_id text COLLATE "C" PRIMARY KEY,
  debits_must_not_exceed_credits boolean NOT NULL,
  credits_must_not_exceed_debits boolean NOT NULL,
  debits_pending_minor bigint NOT NULL DEFAULT 0,
  debits_posted_minor bigint NOT NULL DEFAULT 0,
  credits_pending_minor bigint NOT NULL DEFAULT 0,
  credits_posted_minor bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
  last_entry_at timestamptz,
  CONSTRAINT ledger_balances_account FOREIGN KEY (account_id, debits_must_not_exceed_credits,
    credits_must_not_exceed_debits)
    REFERENCES ledger_accounts (id, debits_must_not_exceed_credits, credits_must_not_exceed_debits),
  -- Totals stay within the range a JavaScript number holds exactly (decision 0002).
  CONSTRAINT ledger_balances_totals_in_range CHECK (
    debits_pending_minor BETWEEN 0 AND 9007199254740991 AND debits_posted_minor BETWEEN 0 AND 9007199254740991
    AND credits_pending_minor BETWEEN 0 AND 9007199254740991 AND credits_posted_minor BETWEEN 0 AND 9007199254740991),
  -- The no-overdraft rule: what is spent or held never exceeds what came in.
  CONSTRAINT ledger_balances_debits_must_not_exceed_credits CHECK (NOT debits_must_not_exceed_credits
    OR debits_posted_minor + debits_pending_minor <= credits_posted_minor),
  CONSTRAINT ledger_balances_credits_must_not_exceed_debits CHECK (NOT credits_must_not_exceed_debits
    OR credits_posted_minor + credits_pending_minor <= debits_posted_minor)
)
-- Every transfer rewrites two balance rows; free space on each page lets PostgreSQL update them
-- in place (HOT) without touching the index.
WITH (fillfactor = 70);

CREATE FUNCTION ledger_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_balances rows are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Posted totals only grow, every change is an entry that bumps the version, and a balance
  -- never moves to another account.
  IF NEW.account_id <> OLD.account_id OR NEW.debits_posted_minor < OLD.debits_posted_minor
     OR NEW.credits_posted_minor < OLD.credits_posted_minor OR NEW.version <= OLD.version THEN
    RAISE EXCEPTION 'the balance of ledger account % may only move forward', OLD.account_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_balances_guard
  BEFORE UPDATE OR DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION ledger_balances_guard();

-- An account with its balance, as the ledger's reads see it; a sharded parent shows zeros here
-- (its money is in its shards' rows; the TypeScript reads add them up).
CREATE VIEW ledger_account_balances AS
SELECT a.id, a.kind, a.rail, a.currency, a.owner_client_id, a.debits_must_not_exceed_credits,
  a.credits_must_not_exceed_debits, coalesce(b.debits_pending_minor, 0) AS debits_pending_minor,
  coalesce(b.debits_posted_minor, 0) AS debits_posted_minor,
  coalesce(b.credits_pending_minor, 0) AS credits_pending_minor,
  coalesce(b.credits_posted_minor, 0) AS credits_posted_minor, coalesce(b.version, 0) AS version,
  b.last_entry_at, a.created_at, a.shard_count, a.shard_of, b.account_id IS NOT NULL AS holds_balance
FROM ledger_accounts a LEFT JOIN ledger_balances b ON b.account_id = a.id;

-- Transfers: immutable, id chosen by the caller so that a retry finds the first one. A pending
-- transfer holds funds; one later post_pending or void_pending transfer resolves it.
CREATE TABLE ledger_transfers (
  id text COLLATE "C" PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,159}$'),
  kind text NOT NULL CHECK (kind IN ('posted', 'pending', 'post_pending', 'void_pending')),
  linked boolean NOT NULL DEFAULT false,
  debit_account_id text COLLATE "C" NOT NULL,
  credit_account_id text COLLATE "C" NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 9007199254740991),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,63}$'),
  reference_type text NOT NULL CHECK (reference_type ~ '^[a-z][a-z0-9_]{0,63}$'),
  reference_id text NOT NULL CHECK (length(reference_id) BETWEEN 1 AND 128),
  pending_id text COLLATE "C" REFERENCES ledger_transfers (id),
  timeout_seconds integer CHECK (timeout_seconds > 0),
  expires_at timestamptz,
  event_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT ledger_transfers_debit_account_currency
    FOREIGN KEY (debit_account_id, currency) REFERENCES ledger_accounts (id, currency),
  CONSTRAINT ledger_transfers_credit_account_currency
    FOREIGN KEY (credit_account_id, currency) REFERENCES ledger_accounts (id, currency),
  CONSTRAINT ledger_transfers_accounts_differ CHECK (debit_account_id <> credit_account_id),
  CONSTRAINT ledger_transfers_pending_id_for_resolution
    CHECK ((kind IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL)),
  CONSTRAINT ledger_transfers_timeout_for_pending CHECK (kind = 'pending' OR timeout_seconds IS NULL),
  CONSTRAINT ledger_transfers_expiry_with_timeout CHECK ((timeout_seconds IS NULL) = (expires_at IS NULL))
);
-- A pending transfer is resolved exactly once: a second post, void or expiry cannot insert.
CREATE UNIQUE INDEX ledger_transfers_one_resolution ON ledger_transfers (pending_id)
  WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_reference ON ledger_transfers (reference_type, reference_id);
CREATE INDEX ledger_transfers_expiry ON ledger_transfers (expires_at)
  WHERE kind = 'pending' AND expires_at IS NOT NULL;

-- Entries: one per account per transfer, numbered by the account's version, with the posted
-- balance (credits minus debits) before and after, so a statement is a range scan.
CREATE TABLE ledger_entries (
  account_id text COLLATE "C" NOT NULL REFERENCES ledger_accounts (id),
  account_version bigint NOT NULL CHECK (account_version > 0),
  transfer_id text COLLATE "C" NOT NULL REFERENCES ledger_transfers (id),
  side text NOT NULL CHECK (side IN ('debit', 'credit')),
  posted_amount_minor bigint NOT NULL CHECK (posted_amount_minor BETWEEN 0 AND 9007199254740991),
  pending_delta_minor bigint NOT NULL
    CHECK (pending_delta_minor BETWEEN -9007199254740991 AND 9007199254740991),
  balance_before_minor bigint NOT NULL,
  balance_after_minor bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, account_version),
  CONSTRAINT ledger_entries_moves_something CHECK (posted_amount_minor > 0 OR pending_delta_minor <> 0),
  CONSTRAINT ledger_entries_balance_arithmetic CHECK (balance_after_minor = balance_before_minor
    + CASE WHEN side = 'credit' THEN posted_amount_minor ELSE -posted_amount_minor END)
);
CREATE INDEX ledger_entries_statement ON ledger_entries (account_id, created_at, account_version);

-- Posted history never changes: corrections are new transfers.
CREATE TRIGGER ledger_transfers_append_only
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION forbid_history_change();
CREATE TRIGGER ledger_transfers_no_truncate
  BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_history_change();
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION forbid_history_change();
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_history_change();
CREATE TRIGGER ledger_accounts_no_truncate
  BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_history_change();
CREATE TRIGGER ledger_balances_no_truncate
  BEFORE TRUNCATE ON ledger_balances
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_history_change();

-- The two database calls of every ledger call (apps/api/src/ledger/load-batch.ts and
-- write-batch.ts). They are PL/pgSQL functions because PL/pgSQL keeps each statement's plan for
-- the life of the connection and runs several statements for one round trip; for one transfer,
-- planning and round trips cost more than the work. Only the TypeScript calls them, and it has
-- decided every transfer between the two calls.

-- Reads everything a call needs. With `lock_flagged` (the locking path) it first locks the
-- balances that carry a limit, in id order, so that they cannot change before the write; without
-- it (the optimistic path) the write checks instead that their versions did not change.
CREATE FUNCTION ledger_load_batch(account_ids text[], pending_ids text[], transfer_ids text[],
  lock_flagged boolean)
RETURNS TABLE (db_now timestamptz, accounts json, found_transfers json, resolvers json)
LANGUAGE plpgsql
-- One plan per statement for the connection's life (custom plans would re-plan on every call),
-- and every row reached by index: a generic plan cannot see that the arrays are short, and would
-- otherwise scan small tables whole on every call.
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
  -- Only accounts with a limit need current totals to decide, so only they are locked here; the
  -- others (system accounts, some of them hot) are locked by ledger_write_batch at the very end.
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
        x.credits_posted_minor, x.version, x.last_entry_at, x.created_at, x.shard_count, x.shard_of
      FROM ledger_account_balances x WHERE x.id = ANY(wanted)) a),
    (SELECT json_agg(t) FROM (
      SELECT t.id, t.kind, t.linked, t.debit_account_id, t.credit_account_id, t.amount_minor, t.currency, t.code,
        t.reference_type, t.reference_id, t.pending_id, t.timeout_seconds, t.expires_at, t.event_at, t.created_at
      FROM ledger_transfers t WHERE t.id = ANY(transfer_ids)) t),
    CASE WHEN cardinality(pending_ids) > 0 THEN (SELECT json_agg(r) FROM (
      SELECT t.pending_id, t.id, t.kind, t.code FROM ledger_transfers t WHERE t.pending_id = ANY(pending_ids)) r) END;
END;
$$;

-- Writes a call's decided transfers, moves each touched balance once and writes the entries with
-- the version and balance each one leaves. It locks every touched balance first, flagged ones
-- then the others, each by id: the order the locking path's load also follows, so ledger calls
-- never deadlock on each other. On the optimistic path it then checks that the balances whose
-- limits the decisions read are still at the versions read, and raises a serialization failure
-- (retried on the locking path) if not. The caller sends, per entry, its position among its
-- account's entries in this call (1, 2, ...) and the running sum of their balance deltas.
CREATE FUNCTION ledger_write_batch(
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
    WHERE b.version IS DISTINCT FROM e.version) THEN
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
      -- Entry times never go backwards within an account, so a statement period is one range.
      last_entry_at = greatest(a.last_entry_at, ledger_write_batch.created_at)
    FROM unnest(account_ids, debits_posted_deltas, debits_pending_deltas, credits_posted_deltas,
        credits_pending_deltas, entry_counts)
      AS d(account_id, debits_posted_delta, debits_pending_delta, credits_posted_delta, credits_pending_delta,
        entry_count)
    -- The ANY lets a generic plan reach the rows by index instead of scanning every account.
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
    -- An account without a balance row: a sharded parent named directly, or no account at all.
    RAISE EXCEPTION 'ledger write moved % of % balances', moved_accounts, cardinality(account_ids)
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEXT;
END;
$$;
