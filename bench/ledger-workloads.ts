import type { Database } from '../apps/api/src/db/database';
import {
  checkLedgerInvariants,
  createTransfers,
  ensureSystemAccounts,
  formatInvariantReport,
  openClientAccount,
  type PostedTransferInput,
  systemAccountId,
  type TransferInput,
} from '../apps/api/src/modules/ledger/index';

// The ledger's side of the benchmark: a chart of client accounts, the calls each phase makes,
// and a loop that runs them from N concurrent callers for a fixed time.

export const CLIENT_ACCOUNTS = 1_000;
const FUNDING_MINOR = 1_000_000_000_000;
const fee = systemAccountId('EUR', 'fee_income');

export function clientIds(): string[] {
  return Array.from({ length: CLIENT_ACCOUNTS }, (_, i) => `bench-client-${String(i).padStart(4, '0')}`);
}

/** Opens the system accounts and CLIENT_ACCOUNTS funded client accounts (idempotent). */
export async function setUpLedger(db: Database): Promise<string[]> {
  await ensureSystemAccounts(db, 'EUR');
  const ids = clientIds();
  for (const id of ids) {
    const opened = await openClientAccount(db, { id, ownerClientId: id, currency: 'EUR' });
    if (!opened.ok) throw new Error(`Could not open ${id}: ${opened.code}`);
  }
  const opening = systemAccountId('EUR', 'opening_balances');
  const results = await createTransfers(
    db,
    ids.map((id) => transfer(`fund-${id}`, opening, id, FUNDING_MINOR)),
  );
  if (results.some((r) => !r.ok)) throw new Error('Could not fund the benchmark accounts');
  return ids;
}

function transfer(id: string, debit: string, credit: string, amountMinor: number): PostedTransferInput {
  return {
    kind: 'posted',
    id,
    debitAccountId: debit,
    creditAccountId: credit,
    amountMinor,
    currency: 'EUR',
    code: 'bench_payment',
    referenceType: 'bench',
    referenceId: id,
  };
}

function twoClients(ids: readonly string[]): [string, string] {
  const a = Math.floor(Math.random() * ids.length);
  const b = (a + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length;
  return [ids[a] ?? '', ids[b] ?? ''];
}

export type Workload = (ids: readonly string[], id: string) => TransferInput[];

/** One payment between two random clients. */
export const uniformCall: Workload = (ids, id) => {
  const [from, to] = twoClients(ids);
  return [transfer(id, from, to, 100)];
};

/** The same payment linked to its fee, and every fee credits the one fee income account. */
export const hotCall: Workload = (ids, id) => {
  const [from, to] = twoClients(ids);
  return [{ ...transfer(id, from, to, 100), linked: true }, transfer(`${id}-fee`, from, fee, 1)];
};

/** A batch payment: BATCH_SIZE payments between random clients in one call. */
export const BATCH_SIZE = 1_000;
export const batchCall: Workload = (ids, id) =>
  Array.from({ length: BATCH_SIZE }, (_, i) => {
    const [from, to] = twoClients(ids);
    return transfer(`${id}-${i}`, from, to, 1);
  });

export type PhaseResult = { callsPerSecond: number; transfersPerSecond: number; failed: number };

let phaseNumber = 0;

/** Runs `workload` from `concurrency` callers for `seconds`; every result must be a success. */
export async function runLedgerPhase(
  db: Database,
  ids: readonly string[],
  workload: Workload,
  concurrency: number,
  seconds: number,
): Promise<PhaseResult> {
  phaseNumber++;
  const tag = `${process.pid}-${Date.now().toString(36)}-${phaseNumber}`;
  let calls = 0;
  let transfers = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const results = await createTransfers(db, workload(ids, `b${tag}-${worker}-${n}`));
        calls++;
        for (const result of results) {
          if (result.ok) transfers++;
          else failed++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (failed > 0) throw new Error(`${failed} transfers failed in a benchmark phase; the workload is wrong`);
  return { callsPerSecond: calls / elapsed, transfersPerSecond: transfers / elapsed, failed };
}

/** The invariant checker after a phase; a break stops the benchmark. */
export async function assertInvariants(db: Database, where: string): Promise<void> {
  const report = await checkLedgerInvariants(db);
  if (!report.ok) {
    console.error(formatInvariantReport(report));
    throw new InvariantBreak(where);
  }
}

export class InvariantBreak extends Error {
  constructor(where: string) {
    super(`Ledger invariants broken after ${where}`);
    this.name = 'InvariantBreak';
  }
}
