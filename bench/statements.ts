import PDFDocument from 'pdfkit';
import type { Database } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { openPostgresDatabase } from '../apps/api/src/db/postgres-database';
import { withTransaction } from '../apps/api/src/db/transaction';
import { openCurrencyAccount } from '../apps/api/src/modules/accounts/index';
import {
  ensureSystemAccounts,
  openClientAccount,
  postedBalancesAround,
  readPostedEntryPage,
  systemAccountId,
} from '../apps/api/src/modules/ledger/index';
import { openStatement, type StatementEntry } from '../apps/api/src/modules/statements/index';
import { logIn, Mailbox, type Product, startProduct } from './api-product';
import { recreateDatabase } from './bench-support';
import { writeBulkHistory } from './bulk-history';
import { HttpClient } from './http-load';

// `npm run bench:statements` (docs/benchmarks.md): a 100,000-line PDF statement downloaded from
// the API against the same rows written with bare pdfkit in the same run, the API process's peak
// memory while it streams (the API runs as `npm start` runs it, in a process of its own:
// bench/api-product.ts), and the p95 of one statement page on a 1,000,000-entry account against
// a 10,000-entry one. It creates (and on its next run drops) its own database, bench_statements,
// on the server of DATABASE_URL.

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PDF_LINES = Number(process.env.BENCH_PDF_LINES ?? 100_000);
const BIG = Number(process.env.BENCH_BIG_ENTRIES ?? 1_000_000);
const SMALL = 10_000;
const PAGE_SAMPLES = 300;
const START = new Date('2025-01-01T00:00:00Z');
const CLIENT = 'private@demo.test';
// A currency the demo client has no account in yet, so the bulk history starts its account.
const PDF_CURRENCY = 'CHF';
const YEAR_MS = 365 * 86_400_000;

async function seed(db: Database) {
  await ensureSystemAccounts(db, 'EUR');
  const counter = systemAccountId('EUR', 'fee_income');
  for (const [id, entries] of [
    ['bench-10k', SMALL],
    ['bench-1m', BIG],
  ] as const) {
    const opened = await openClientAccount(db, { id, ownerClientId: `owner-${id}`, currency: 'EUR' });
    if (!opened.ok) throw new Error(`could not open ${id}`);
    const started = performance.now();
    // The lines spread over one year, as a year-long statement would read them.
    await writeBulkHistory(db, {
      accountId: id,
      counterAccountId: counter,
      currency: 'EUR',
      entries,
      start: START,
      stepMs: Math.floor(YEAR_MS / entries),
    });
    console.log(`seeded ${id}: ${entries} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.query('ANALYZE');
}

const account = (id: string) => ({
  accountId: `00000000-0000-4000-8000-${id.replace(/\D/g, '').padStart(12, '0')}`,
  ledgerAccountId: id,
  currency: 'EUR',
  name: 'Euro',
  iban: 'GB33BLPK04009912345678',
  bic: 'BLPKGB2L',
  holderName: 'Alex Example',
});

const yearPeriod = { from: '2025-01-01', to: '2025-12-31', now: new Date('2026-01-05T00:00:00Z') };

/** The demo client's new account with PDF_LINES posted lines over 2025, written straight into the ledger. */
async function seedStatementAccount(db: Database): Promise<{ id: string; ledgerAccountId: string }> {
  const [client] = await db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [CLIENT]);
  if (!client) throw new Error(`no demo client ${CLIENT}`);
  const opened = await withTransaction(db, (tx) =>
    openCurrencyAccount(tx, { clientId: client.id, currency: PDF_CURRENCY, actor: { actorType: 'system' } }),
  );
  const ledgerAccountId = opened.account.ledger_account_id;
  const [balance] = await db.query<{ version: number }>(
    'SELECT version FROM ledger_balances WHERE account_id = $1',
    [ledgerAccountId],
  );
  if (Number(balance?.version) !== 0) throw new Error(`${ledgerAccountId} already has entries`);
  await ensureSystemAccounts(db, PDF_CURRENCY);
  const started = performance.now();
  await writeBulkHistory(db, {
    accountId: ledgerAccountId,
    counterAccountId: systemAccountId(PDF_CURRENCY, 'fee_income'),
    currency: PDF_CURRENCY,
    entries: PDF_LINES,
    start: START,
    stepMs: Math.floor(YEAR_MS / PDF_LINES),
  });
  console.log(
    `seeded the demo client's ${PDF_CURRENCY} account: ${PDF_LINES} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { id: opened.account.id, ledgerAccountId };
}

/**
 * Our PDF of the 100k account, downloaded from the API and drained as a client would; the API
 * process's peak resident memory meanwhile (the kernel's high-water mark, reset as it starts).
 */
async function ourPdf(
  product: Product,
  token: string,
  accountId: string,
): Promise<{ ms: number; bytes: number; peakRssMb: number; beforeMb: number }> {
  const beforeMb = product.memory.nowMb();
  product.memory.startPhase();
  const started = performance.now();
  const response = await fetch(
    `${product.url}/api/client/statements?account_id=${accountId}&from=2025-01-01&to=2025-12-31&format=pdf`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (response.status !== 200 || !response.body)
    throw new Error(`statement: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const ms = performance.now() - started;
  return { ms, bytes, peakRssMb: product.memory.endPhase('pdf'), beforeMb };
}

/** The same rows with bare pdfkit: the same cells and page breaks, no reading, no branding. */
async function rawPdf(lines: StatementEntry[]): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  let bytes = 0;
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const xs = [40, 100, 232, 329, 419, 487];
  const widths = [58, 130, 95, 88, 66, 68];
  let y = 40;
  for (const line of lines) {
    if (y > 740) {
      doc.addPage();
      y = 40;
    }
    const cells = [
      line.bookedAt.toISOString().slice(0, 10),
      line.description,
      line.counterparty,
      line.reference,
      String(line.amountMinor),
      String(line.balanceAfterMinor),
    ];
    doc.font('Helvetica').fontSize(7.5);
    cells.forEach((cell, index) => {
      doc.text(cell, xs[index], y, { width: widths[index], lineBreak: false, ellipsis: true, height: 13 });
    });
    y += 13;
  }
  doc.end();
  await done;
  return { ms: performance.now() - started, bytes };
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}

/** One statement page: the balances around a random month and its first 100 lines, interleaved. */
async function pageTimes(db: Database): Promise<{ small: number; big: number }> {
  const times = { 'bench-10k': [] as number[], 'bench-1m': [] as number[] };
  for (let sample = 0; sample < PAGE_SAMPLES; sample++) {
    const from = new Date(START.getTime() + Math.floor(Math.random() * 330) * 86_400_000);
    const to = new Date(from.getTime() + 30 * 86_400_000);
    for (const id of ['bench-10k', 'bench-1m'] as const) {
      const started = performance.now();
      await postedBalancesAround(db, id, { from, to });
      await readPostedEntryPage(db, id, { from, to, limit: 100 });
      if (sample >= 20) times[id].push(performance.now() - started);
    }
  }
  return { small: p95(times['bench-10k']), big: p95(times['bench-1m']) };
}

async function main() {
  const url = await recreateDatabase(serverUrl, 'bench_statements');
  const db = await openPostgresDatabase({ connectionString: url, poolSize: 2 });
  await migrate(db);
  // The server migrates and seeds the demo clients as it starts; the histories are written after.
  const product = await startProduct(url);
  const mailbox = Mailbox.open(url);
  try {
    const pdfAccount = await seedStatementAccount(db);
    await seed(db);
    const client = new HttpClient(product.url, 1);
    const token = await logIn(client, mailbox, CLIENT);
    client.close();
    const ours = await ourPdf(product, token, pdfAccount.id);
    const lines: StatementEntry[] = [];
    const statement = await openStatement(
      db,
      { ...account('bench-100k'), ledgerAccountId: pdfAccount.ledgerAccountId, currency: PDF_CURRENCY },
      yearPeriod,
    );
    for await (const line of statement.lines()) lines.push(line);
    const raw = await rawPdf(lines);
    const pages = await pageTimes(db);
    console.log(
      `pdf: ours ${ours.ms.toFixed(0)} ms (${(ours.bytes / 2 ** 20).toFixed(1)} MB), bare pdfkit ${raw.ms.toFixed(0)} ms (${(raw.bytes / 2 ** 20).toFixed(1)} MB); ` +
        `page p95: 10k ${pages.small.toFixed(2)} ms, 1m ${pages.big.toFixed(2)} ms; ` +
        `API process rss ${ours.beforeMb} MB before the PDF, ${ours.peakRssMb} MB at its peak`,
    );
    console.log(
      `RESULT pdf_vs_raw_pdfkit=${(raw.ms / ours.ms).toFixed(3)} rss_mb_100k=${ours.peakRssMb} page_1m_vs_10k=${(pages.big / pages.small).toFixed(3)}`,
    );
  } finally {
    await mailbox.close();
    await product.stop();
    await db.close();
  }
}

await main();
