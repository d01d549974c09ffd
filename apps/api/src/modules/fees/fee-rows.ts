import type { Queryable } from '../../db/database';

// The fee run's own tables (fee_runs) and what it reads to find who pays for a month.

export type BillableClient = { id: string; country: string };
export type BillableAccount = { id: string; currency: string; ledger_account_id: string };

/** The first month not yet finished after the last finished one, or null when none ever ran. */
export async function lastFinishedMonth(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ month: string }>(
    'SELECT month FROM fee_runs WHERE finished_at IS NOT NULL ORDER BY month DESC LIMIT 1',
  );
  return row?.month ?? null;
}

export async function startRun(db: Queryable, month: string): Promise<void> {
  await db.query('INSERT INTO fee_runs (month) VALUES ($1) ON CONFLICT (month) DO NOTHING', [month]);
}

/** A month whose fees were settled otherwise (the demo's history): the run never bills it. */
export async function markMonthRun(db: Queryable, month: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO fee_runs (month, started_at, finished_at) VALUES ($1, $2, $2)
     ON CONFLICT (month) DO UPDATE SET finished_at = coalesce(fee_runs.finished_at, $2)`,
    [month, at],
  );
}

export async function finishRun(db: Queryable, month: string, at: Date): Promise<void> {
  await db.query('UPDATE fee_runs SET finished_at = coalesce(finished_at, $2) WHERE month = $1', [month, at]);
}

/**
 * Clients who held accounts during the month: accounts opened before its end, and not closed
 * (DEACTIVATED) — a client whose closing is under way still pays for the months it held them.
 */
export async function billableClients(db: Queryable, monthEnd: Date): Promise<BillableClient[]> {
  return db.query<BillableClient>(
    `SELECT c.id, c.country FROM clients c JOIN account_groups g ON g.client_id = c.id
     WHERE c.status IN ('APPROVED', 'DEACTIVATION_REQUESTED') AND g.created_at < $1 ORDER BY c.id`,
    [monthEnd],
  );
}

export async function accountsOpenedBefore(
  db: Queryable,
  clientId: string,
  monthEnd: Date,
): Promise<BillableAccount[]> {
  return db.query<BillableAccount>(
    `SELECT id, currency, ledger_account_id FROM client_accounts WHERE client_id = $1 AND created_at < $2
     ORDER BY currency`,
    [clientId, monthEnd],
  );
}

export type MonthFeeRow = {
  client_id: string;
  client_name: string;
  kind: string;
  amount_minor: number;
  currency: string;
  status: 'owed' | 'charged';
  charged_at: Date | null;
};

/** Every periodic fee of a month, per client, for the back office. */
export async function feesOfMonth(db: Queryable, month: string): Promise<MonthFeeRow[]> {
  return db.query<MonthFeeRow>(
    `SELECT f.client_id, coalesce(c.company_name, c.first_name || ' ' || c.last_name, '') AS client_name, f.kind,
       f.amount_minor, f.currency, f.status, f.charged_at
     FROM client_fees f JOIN clients c ON c.id = f.client_id
     WHERE f.period = $1 AND f.kind IN ('monthly', 'holding') ORDER BY client_name, f.client_id, f.kind, f.currency`,
    [month],
  );
}

export async function runOfMonth(
  db: Queryable,
  month: string,
): Promise<{ finished_at: Date | null } | undefined> {
  const [row] = await db.query<{ finished_at: Date | null }>(
    'SELECT finished_at FROM fee_runs WHERE month = $1',
    [month],
  );
  return row;
}
