import { migrate } from '../apps/api/src/db/migrate';
import { openPostgresDatabase } from '../apps/api/src/db/postgres-database';
import { withTransaction } from '../apps/api/src/db/transaction';
import { openCurrencyAccount } from '../apps/api/src/modules/accounts/index';
import { createTransfers, systemAccountId } from '../apps/api/src/modules/ledger/index';
import { logIn, Mailbox, startProduct } from './api-product';
import { recreateDatabase } from './bench-support';
import { HttpClient } from './http-load';

// `npm run bench:batch` (docs/benchmarks.md): a 10,000-row CSV uploaded, checked and confirmed
// through the HTTP API, against single SEPA payments (1,000 by default) created and confirmed
// through the same API in the same run, on a database bench_batch of its own on the PostgreSQL
// server of DATABASE_URL. The API runs as `npm start` runs it, in a process of its own
// (bench/api-product.ts); this process only drives it. Prints rows per second of the batch, how
// many times faster the batch is per payment, and the peak resident memory of the API process.
const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
const SINGLES = Number(process.env.BENCH_SINGLE_PAYMENTS ?? 1_000);
const EMAIL = 'business@demo.test';
const IBAN = 'DE89370400440532013000';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = await recreateDatabase(serverUrl, 'bench_batch');
// The server migrates and seeds the demo data as it starts; this process's own connection
// only funds the bench account, as an operator's opening balance would.
const db = await openPostgresDatabase({ connectionString: databaseUrl, poolSize: 2 });
await migrate(db);
const product = await startProduct(databaseUrl);
const { memory } = product;
const base = product.url;
const account = await fundedAccount(100_000_000_000);
const mailbox = Mailbox.open(databaseUrl);
const client = new HttpClient(base, 1);
const token = await logIn(client, mailbox, EMAIL);
client.close();
const headers = { authorization: `Bearer ${token}` };
const latestCode = (after: Date) => mailbox.code(EMAIL, '', after);
const phases: Record<string, number> = {};
let keys = 0;

async function send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const isBuffer = body instanceof Buffer;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined || isBuffer ? {} : { 'content-type': 'application/json' }),
      ...extra,
    },
    body: body === undefined ? undefined : isBuffer ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text || '{}');
}

async function runBatch(): Promise<number> {
  const lines = ['name,iban,amount,currency,description'];
  for (let at = 0; at < ROWS; at++)
    lines.push(`Payee ${at},${IBAN},${(1 + (at % 90)).toFixed(2)},EUR,Row ${at}`);
  const boundary = 'benchbatchboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n${account.id}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\n\r\n`),
    Buffer.from(lines.join('\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  phases.before_batch = memory.nowMb();
  const started = performance.now();
  memory.startPhase();
  const created = await send('POST', '/api/client/batches', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'idempotency-key': `bench-batch-${Date.now()}`,
  });
  phases.upload = memory.endPhase('upload');
  if (created.data.rows_valid !== ROWS) throw new Error(`only ${created.data.rows_valid} rows valid`);
  const asked = new Date(Date.now() - 5);
  memory.startPhase();
  await send('POST', `/api/client/batches/${created.data.id}/code`);
  phases.code = memory.endPhase('code');
  const code = await latestCode(asked);
  memory.startPhase();
  await send('POST', `/api/client/batches/${created.data.id}/confirm`, { code });
  phases.confirm = memory.endPhase('confirm');
  return performance.now() - started;
}

async function runSingles(): Promise<number> {
  const started = performance.now();
  for (let at = 0; at < SINGLES; at++) {
    const body = {
      type: 'sepa',
      account_id: account.id,
      amount: 100 + at,
      currency: 'EUR',
      recipient: { name: `Single ${at}`, iban: IBAN },
    };
    const asked = new Date(Date.now() - 5);
    const created = await send('POST', '/api/client/payments', body, {
      'idempotency-key': `bench-single-${++keys}`,
    });
    const code = await latestCode(asked);
    await send('POST', `/api/client/payments/${created.data.id}/confirm`, { code });
  }
  return performance.now() - started;
}

const batchMs = await runBatch();
memory.startPhase();
const singleMs = await runSingles();
phases.singles = memory.endPhase('singles');
const perBatchRow = batchMs / ROWS;
const perSingle = singleMs / SINGLES;
console.log(
  `batch: ${ROWS} rows in ${(batchMs / 1000).toFixed(1)} s; singles: ${SINGLES} in ${(singleMs / 1000).toFixed(1)} s`,
);
console.log(
  `API process rss in MB: before the batch ${phases.before_batch}, peak while uploading ${phases.upload}, ` +
    `asking the code ${phases.code}, confirming ${phases.confirm}, during the single payments ${phases.singles}`,
);
console.log(
  `RESULT rows_per_s=${(ROWS / (batchMs / 1000)).toFixed(0)} batch_vs_single=${(perSingle / perBatchRow).toFixed(1)} peak_rss_mb=${memory.peakMb()}`,
);
await mailbox.close();
await product.stop();
await db.close();

async function fundedAccount(fundMinor: number) {
  const [client] = await db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [EMAIL]);
  if (!client) throw new Error(`no demo client ${EMAIL}`);
  const opened = await withTransaction(db, (tx) =>
    openCurrencyAccount(tx, { clientId: client.id, currency: 'EUR', actor: { actorType: 'system' } }),
  );
  const [funded] = await createTransfers(db, [
    {
      kind: 'posted',
      id: `bench-fund:${opened.account.id}`,
      debitAccountId: systemAccountId('EUR', 'opening_balances'),
      creditAccountId: opened.account.ledger_account_id,
      amountMinor: fundMinor,
      currency: 'EUR',
      code: 'opening_balance',
      referenceType: 'test',
      referenceId: opened.account.id,
    },
  ]);
  if (!funded?.ok) throw new Error('could not fund the bench account');
  return opened.account;
}
