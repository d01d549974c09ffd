import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { findInvariantBreaks, invariantChecks, readLedgerCounts } from './invariant-rows';

// Runs every invariant in one repeatable-read snapshot, so a ledger taking writes while it is
// checked never shows a break that is only two reads seeing different moments.

export type LedgerBreak = { check: string; detail: string };

export type LedgerInvariantReport = {
  ok: boolean;
  checkedAt: Date;
  counts: { accounts: number; transfers: number; entries: number; currencies: number };
  checks: { name: string; description: string; breaks: number }[];
  /** At most `MAX_BREAKS_PER_CHECK` examples per check; `checks[].breaks` has the full count. */
  breaks: LedgerBreak[];
};

export const MAX_BREAKS_PER_CHECK = 20;

export async function checkLedgerInvariants(db: Database): Promise<LedgerInvariantReport> {
  return withTransaction(
    db,
    async (tx) => {
      const counts = await readLedgerCounts(tx);
      if (!counts) throw new Error('Ledger check: the count query returned no row');
      const checks: LedgerInvariantReport['checks'] = [];
      const breaks: LedgerBreak[] = [];
      for (const check of invariantChecks) {
        const rows = await findInvariantBreaks(tx, check);
        checks.push({ name: check.name, description: check.description, breaks: rows.length });
        for (const row of rows.slice(0, MAX_BREAKS_PER_CHECK))
          breaks.push({ check: check.name, detail: row.detail });
      }
      const { checked_at: checkedAt, ...rest } = counts;
      return { ok: checks.every((check) => check.breaks === 0), checkedAt, counts: rest, checks, breaks };
    },
    { isolation: 'repeatable read' },
  );
}

/** The report as text for a terminal or a log: one line per check, then the breaks found. */
export function formatInvariantReport(report: LedgerInvariantReport): string {
  const { accounts, transfers, entries, currencies } = report.counts;
  const lines = [
    `Ledger check at ${report.checkedAt.toISOString()}: ${accounts} accounts, ${transfers} transfers, ` +
      `${entries} entries, ${currencies} currencies`,
    ...report.checks.map(
      (check) =>
        `  ${check.breaks === 0 ? 'ok  ' : 'FAIL'} ${check.name}: ${check.description}` +
        (check.breaks === 0 ? '' : ` (${check.breaks} breaks)`),
    ),
  ];
  if (report.breaks.length > 0) {
    lines.push('Breaks:', ...report.breaks.map((b) => `  [${b.check}] ${b.detail}`));
  }
  lines.push(report.ok ? 'All ledger invariants hold.' : 'LEDGER INVARIANTS BROKEN.');
  return lines.join('\n');
}
