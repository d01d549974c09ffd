import { cpus, totalmem } from 'node:os';
import type { Database } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { openPostgresDatabase } from '../apps/api/src/db/postgres-database';
import { type ExchangeRow, exchangeTransfers } from '../apps/api/src/modules/exchange/index';
import {
  ensureSystemAccounts,
  openClientAccount,
  systemAccountId,
} from '../apps/api/src/modules/ledger/index';
import { checkpoint, interleave, recreateDatabase } from './bench-support';
import { compareOverHttp } from './exchange-api';
import {
  assertInvariants,
  InvariantBreak,
  runLedgerPhase,
  setUpLedger,
  uniformCall,
  type Workload,
} from './ledger-workloads';

// `npm run bench:exchange`: exchanges per second against single internal payments per second,
// both from 8 concurrent callers, interleaved A B A B on one server (docs/benchmarks.md,
// "Exchange"), twice: over HTTP as the product runs (exchange-api.ts), and at the ledger, where
// the exchange is the module's own transfers
// (exchangeTransfers): the client's EUR to the EUR FX position, the markup to fee income, the GBP
// FX position to the client's GBP account, linked in one call. The payment is one transfer
// between two clients. It creates and drops its own database, bench_exchange. Not a test.

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_PHASE_SECONDS ?? 3);
const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const CALLERS = 8;

const gbpOf = (id: string) => `${id}-gbp`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function openGbpAccounts(db: Database, ids: readonly string[]): Promise<void> {
  await ensureSystemAccounts(db, 'GBP');
  for (const id of ids) {
    const opened = await openClientAccount(db, {
      id: gbpOf(id),
      ownerClientId: `${id}-owner-gbp`,
      currency: 'GBP',
    });
    if (!opened.ok) throw new Error(`Could not open ${gbpOf(id)}: ${opened.code}`);
  }
}

/** 100.00 EUR sold for 85.00 GBP with a 1.00 EUR markup, from a random client to its GBP account. */
const exchangeCall: Workload = (ids, id) => {
  const client = ids[Math.floor(Math.random() * ids.length)] ?? '';
  const row = {
    id,
    sell_currency: 'EUR',
    buy_currency: 'GBP',
    sell_amount_minor: 10_000,
    buy_amount_minor: 8_415,
    fee_minor: 100,
  } as ExchangeRow;
  return exchangeTransfers(row, { sellLedgerId: client, buyLedgerId: gbpOf(client) });
};

async function main(): Promise<void> {
  console.log(
    `Exchange benchmark: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `${seconds} s phases, ${pairs} pairs, ${CALLERS} callers, server ${new URL(serverUrl).host}`,
  );
  let ledger = { ratio: Number.NaN, exchanges: Number.NaN, payments: Number.NaN };
  const url = await recreateDatabase(serverUrl, 'bench_exchange');
  const db = await openPostgresDatabase({ connectionString: url, poolSize: CALLERS });
  try {
    await migrate(db);
    const ids = await setUpLedger(db);
    await openGbpAccounts(db, ids);
    const phase = async (workload: Workload, label: string) => {
      await checkpoint(serverUrl);
      const result = await runLedgerPhase(db, ids, workload, CALLERS, seconds);
      await assertInvariants(db, label);
      return result.callsPerSecond;
    };
    // Warm both sides once so that the first pair does not pay for cold caches.
    await runLedgerPhase(db, ids, exchangeCall, CALLERS, 1);
    await runLedgerPhase(db, ids, uniformCall, CALLERS, 1);
    const exchanges: number[] = [];
    const payments: number[] = [];
    const result = await interleave(
      'exchange vs internal payment, 8 callers',
      pairs,
      async () => {
        const rate = await phase(exchangeCall, 'an exchange phase');
        exchanges.push(rate);
        return rate;
      },
      async () => {
        const rate = await phase(uniformCall, 'a payment phase');
        payments.push(rate);
        return rate;
      },
    );
    const position = await Promise.all(
      ['EUR', 'GBP'].map(async (currency) => {
        const [row] = await db.query<{ n: number }>(
          'SELECT count(*)::integer AS n FROM ledger_accounts WHERE id LIKE $1',
          [`${systemAccountId(currency, 'fx_position')}%`],
        );
        return row?.n ?? 0;
      }),
    );
    console.log(`  FX position accounts (parent and shards): EUR ${position[0]}, GBP ${position[1]}`);
    ledger = { ratio: result.ratio, exchanges: mean(exchanges), payments: mean(payments) };
  } finally {
    await db.close();
  }
  const api = await compareOverHttp(serverUrl, CALLERS, seconds, pairs);
  console.log(
    `RESULT exchange_vs_payment_c8=${api.ratio.toFixed(3)} exchanges_per_s=${mean(api.exchanges).toFixed(0)} ` +
      `payments_per_s=${mean(api.payments).toFixed(0)} ledger_exchange_vs_payment_c8=${ledger.ratio.toFixed(3)} ` +
      `ledger_exchanges_per_s=${ledger.exchanges.toFixed(0)} ledger_payments_per_s=${ledger.payments.toFixed(0)} invariants=ok`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof InvariantBreak) {
    console.log(
      'RESULT exchange_vs_payment_c8=nan exchanges_per_s=nan payments_per_s=nan ledger_exchange_vs_payment_c8=nan invariants=broken',
    );
  }
  process.exitCode = 1;
});
