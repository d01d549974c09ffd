import type { Queryable } from '../../db/database';

// The ledger's invariants as SQL, each returning one row per break with a readable `detail`.
// They read whole tables, so they belong in `npm run ledger:check`, tests and benchmarks,
// not in the request path (where the TypeScript checks and SQL constraints guard instead).

export type InvariantCheck = { name: string; description: string; sql: string };

export type LedgerCountsRow = {
  accounts: number;
  transfers: number;
  entries: number;
  currencies: number;
  checked_at: Date;
};

/** How many accounts, transfers, entries and currencies the ledger holds, and the database's now(). */
export async function readLedgerCounts(tx: Queryable): Promise<LedgerCountsRow | undefined> {
  const [counts] = await tx.query<LedgerCountsRow>(
    `SELECT (SELECT count(*) FROM ledger_accounts)::integer AS accounts,
           (SELECT count(*) FROM ledger_transfers)::integer AS transfers,
           (SELECT count(*) FROM ledger_entries)::integer AS entries,
           (SELECT count(DISTINCT currency) FROM ledger_accounts)::integer AS currencies,
           now() AS checked_at`,
  );
  return counts;
}

/** One row per break of `check`. */
export function findInvariantBreaks(tx: Queryable, check: InvariantCheck): Promise<{ detail: string }[]> {
  return tx.query<{ detail: string }>(check.sql);
}

/** The ledger_transfers table's name, or null in a database the ledger has not been migrated into. */
export async function findLedgerTable(db: Queryable): Promise<string | null | undefined> {
  const tables = await db.query<{ name: string | null }>(
    `SELECT to_regclass('ledger_transfers')::text AS name`,
  );
  return tables[0]?.name;
}

const SIGNED_POSTED = `CASE WHEN side = 'credit' THEN posted_amount_minor ELSE -posted_amount_minor END`;

export const invariantChecks: InvariantCheck[] = [
  {
    name: 'currency_totals_balance',
    description: "Per currency, the accounts' debits equal their credits, posted and pending",
    sql: `SELECT format('%s: debits posted %s, credits posted %s, debits pending %s, credits pending %s',
        currency, sum(debits_posted_minor), sum(credits_posted_minor),
        sum(debits_pending_minor), sum(credits_pending_minor)) AS detail
      FROM ledger_account_balances GROUP BY currency
      HAVING sum(debits_posted_minor) <> sum(credits_posted_minor)
        OR sum(debits_pending_minor) <> sum(credits_pending_minor)`,
  },
  {
    name: 'entries_balance',
    description: "Per currency, the entries' debits equal their credits, posted and pending",
    sql: `SELECT format('%s: entries debit posted %s vs credit %s, debit pending %s vs credit %s', a.currency,
        sum(e.posted_amount_minor) FILTER (WHERE e.side = 'debit'),
        sum(e.posted_amount_minor) FILTER (WHERE e.side = 'credit'),
        sum(e.pending_delta_minor) FILTER (WHERE e.side = 'debit'),
        sum(e.pending_delta_minor) FILTER (WHERE e.side = 'credit')) AS detail
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id GROUP BY a.currency
      HAVING coalesce(sum(e.posted_amount_minor) FILTER (WHERE e.side = 'debit'), 0)
          <> coalesce(sum(e.posted_amount_minor) FILTER (WHERE e.side = 'credit'), 0)
        OR coalesce(sum(e.pending_delta_minor) FILTER (WHERE e.side = 'debit'), 0)
          <> coalesce(sum(e.pending_delta_minor) FILTER (WHERE e.side = 'credit'), 0)`,
  },
  {
    name: 'account_totals_match_entries',
    description: "Every account's cached totals and version equal the sums and count of its entries",
    sql: `WITH sums AS (
        SELECT account_id, count(*) AS entry_count, max(account_version) AS last_version,
          sum(posted_amount_minor) FILTER (WHERE side = 'debit') AS debits_posted,
          sum(pending_delta_minor) FILTER (WHERE side = 'debit') AS debits_pending,
          sum(posted_amount_minor) FILTER (WHERE side = 'credit') AS credits_posted,
          sum(pending_delta_minor) FILTER (WHERE side = 'credit') AS credits_pending
        FROM ledger_entries GROUP BY account_id)
      SELECT format('%s: cached debits %s/%s credits %s/%s (posted/pending) version %s; entries say %s/%s %s/%s, %s entries',
        a.id, a.debits_posted_minor, a.debits_pending_minor, a.credits_posted_minor, a.credits_pending_minor,
        a.version, coalesce(s.debits_posted, 0), coalesce(s.debits_pending, 0), coalesce(s.credits_posted, 0),
        coalesce(s.credits_pending, 0), coalesce(s.entry_count, 0)) AS detail
      FROM ledger_account_balances a LEFT JOIN sums s ON s.account_id = a.id
      WHERE a.debits_posted_minor <> coalesce(s.debits_posted, 0)
        OR a.debits_pending_minor <> coalesce(s.debits_pending, 0)
        OR a.credits_posted_minor <> coalesce(s.credits_posted, 0)
        OR a.credits_pending_minor <> coalesce(s.credits_pending, 0)
        OR a.version <> coalesce(s.entry_count, 0) OR a.version <> coalesce(s.last_version, 0)`,
  },
  {
    name: 'no_overdraft',
    description: 'No flagged account is, or ever was, below zero; no total is negative',
    sql: `SELECT format('%s: debits posted %s + pending %s against credits posted %s', id,
        debits_posted_minor, debits_pending_minor, credits_posted_minor) AS detail
      FROM ledger_account_balances
      WHERE (debits_must_not_exceed_credits AND debits_posted_minor + debits_pending_minor > credits_posted_minor)
        OR (credits_must_not_exceed_debits AND credits_posted_minor + credits_pending_minor > debits_posted_minor)
        OR least(debits_posted_minor, debits_pending_minor, credits_posted_minor, credits_pending_minor) < 0
      UNION ALL
      SELECT format('%s version %s: balance after %s is below zero', e.account_id, e.account_version,
        e.balance_after_minor)
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.debits_must_not_exceed_credits AND e.balance_after_minor < 0`,
  },
  {
    name: 'entry_chain',
    description:
      "Each account's entries run 1, 2, 3... and each starts from the balance the previous one ended at",
    sql: `SELECT format('%s version %s: before %s, previous after %s, previous version %s, after %s for %s %s',
        account_id, account_version, balance_before_minor, coalesce(previous_after, 0),
        coalesce(previous_version, 0), balance_after_minor, side, posted_amount_minor) AS detail
      FROM (SELECT e.*,
          lag(balance_after_minor) OVER w AS previous_after,
          lag(account_version) OVER w AS previous_version,
          lag(created_at) OVER w AS previous_created_at
        FROM ledger_entries e WINDOW w AS (PARTITION BY account_id ORDER BY account_version)) chained
      WHERE balance_before_minor <> coalesce(previous_after, 0)
        OR account_version <> coalesce(previous_version, 0) + 1
        OR created_at < previous_created_at
        OR balance_after_minor <> balance_before_minor + ${SIGNED_POSTED}`,
  },
  {
    name: 'transfer_entries',
    description: 'Every transfer has exactly its two entries, with the amounts its kind implies',
    sql: `WITH per_transfer AS (
        SELECT transfer_id, count(*) AS entry_count,
          max(account_id) FILTER (WHERE side = 'debit') AS debit_account_id,
          max(account_id) FILTER (WHERE side = 'credit') AS credit_account_id,
          sum(posted_amount_minor) FILTER (WHERE side = 'debit') AS debit_posted,
          sum(posted_amount_minor) FILTER (WHERE side = 'credit') AS credit_posted,
          sum(pending_delta_minor) FILTER (WHERE side = 'debit') AS debit_pending,
          sum(pending_delta_minor) FILTER (WHERE side = 'credit') AS credit_pending
        FROM ledger_entries GROUP BY transfer_id),
      expected AS (
        SELECT t.*, CASE WHEN t.kind IN ('posted', 'post_pending') THEN t.amount_minor ELSE 0 END AS want_posted,
          CASE t.kind WHEN 'pending' THEN t.amount_minor WHEN 'posted' THEN 0 ELSE -p.amount_minor END AS want_pending
        FROM ledger_transfers t LEFT JOIN ledger_transfers p ON p.id = t.pending_id)
      SELECT format('%s (%s %s): %s entries, debit %s posted %s pending %s, credit %s posted %s pending %s',
        t.id, t.kind, t.amount_minor, coalesce(s.entry_count, 0), s.debit_account_id, s.debit_posted,
        s.debit_pending, s.credit_account_id, s.credit_posted, s.credit_pending) AS detail
      FROM expected t LEFT JOIN per_transfer s ON s.transfer_id = t.id
      WHERE coalesce(s.entry_count, 0) <> 2
        OR s.debit_account_id IS DISTINCT FROM t.debit_account_id
        OR s.credit_account_id IS DISTINCT FROM t.credit_account_id
        OR s.debit_posted IS DISTINCT FROM t.want_posted OR s.credit_posted IS DISTINCT FROM t.want_posted
        OR s.debit_pending IS DISTINCT FROM t.want_pending OR s.credit_pending IS DISTINCT FROM t.want_pending`,
  },
  {
    name: 'pending_resolutions',
    description: 'A post or void resolves a pending transfer of the same accounts, for no more than it held',
    sql: `SELECT format('%s (%s %s) resolves %s (%s %s)', r.id, r.kind, r.amount_minor, p.id, p.kind,
        p.amount_minor) AS detail
      FROM ledger_transfers r JOIN ledger_transfers p ON p.id = r.pending_id
      WHERE p.kind <> 'pending' OR r.debit_account_id <> p.debit_account_id
        OR r.credit_account_id <> p.credit_account_id OR r.currency <> p.currency
        OR r.amount_minor > p.amount_minor
        OR (r.kind = 'void_pending' AND r.amount_minor <> p.amount_minor)`,
  },
  {
    name: 'shards',
    description:
      'A sharded account holds nothing itself and has all its shards, each of its kind and currency; every other account has a balance',
    sql: `SELECT format('%s: shard of %s differs from it in kind, currency, rail or limits', s.id, p.id) AS detail
      FROM ledger_accounts s JOIN ledger_accounts p ON p.id = s.shard_of
      WHERE p.shard_count = 1 OR s.kind <> p.kind OR s.currency <> p.currency OR s.rail IS DISTINCT FROM p.rail
        OR s.debits_must_not_exceed_credits OR s.credits_must_not_exceed_debits
      UNION ALL
      SELECT format('%s is sharded yet has entries or a balance', p.id)
      FROM ledger_account_balances p
      WHERE p.shard_count > 1 AND (p.holds_balance OR EXISTS (SELECT 1 FROM ledger_entries e WHERE e.account_id = p.id))
      UNION ALL
      SELECT format('%s has no balance row', a.id)
      FROM ledger_account_balances a WHERE a.shard_count = 1 AND NOT a.holds_balance
      UNION ALL
      SELECT format('%s has %s shards, expected %s', p.id, count(s.id), p.shard_count)
      FROM ledger_accounts p LEFT JOIN ledger_accounts s ON s.shard_of = p.id
      WHERE p.shard_count > 1 GROUP BY p.id, p.shard_count HAVING count(s.id) <> p.shard_count`,
  },
  {
    name: 'references',
    description: 'Every account and transfer a transfer or an entry names exists',
    sql: `SELECT format('transfer %s names no account %s', t.id, x.account_id) AS detail
      FROM ledger_transfers t CROSS JOIN LATERAL (VALUES (t.debit_account_id), (t.credit_account_id)) AS x(account_id)
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = x.account_id)
      UNION ALL
      SELECT format('entry %s version %s names no account', e.account_id, e.account_version)
      FROM ledger_entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)
      UNION ALL
      SELECT format('entry %s version %s names no transfer %s', e.account_id, e.account_version, e.transfer_id)
      FROM ledger_entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = e.transfer_id)`,
  },
  {
    name: 'transfer_currency',
    description: "Both accounts of a transfer hold the transfer's currency",
    sql: `SELECT format('%s in %s: debit %s in %s, credit %s in %s', t.id, t.currency, d.id, d.currency,
        c.id, c.currency) AS detail
      FROM ledger_transfers t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
      WHERE d.currency <> t.currency OR c.currency <> t.currency`,
  },
];
