import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresDatabase } from '../apps/api/src/db/postgres-database';
import { checkLedgerInvariants, formatInvariantReport } from '../apps/api/src/modules/ledger/index';
import { freePort } from '../e2e/production-server';
import { type Acknowledged, DrillClients } from './drill-clients';
import { Cluster, createPair, waitForStandby } from './drill-postgres';
import { type ApiProcess, apiProcesses, Balancer, ensureHaproxy, startApis } from './drill-topology';

// `npm run drill:scale`: the scale-out drill (docs/operations.md, "The scale-out drill"). A
// throwaway PostgreSQL primary with a synchronous streaming replica, three API processes behind
// HAProxy, clients paying through the balancer while an API process is killed (SIGKILL) and the
// primary crash-restarts; then the primary crashes for good, the replica is promoted, and every
// payment a client was told succeeded must be on it exactly once, with the ledger's invariants
// holding. SHORT=1: one kill and one primary restart, about a minute of load. Not a test.

const short = process.env.SHORT === '1' || process.argv.includes('--short');
const seconds = Number(process.env.DRILL_SECONDS ?? (short ? 40 : 75));
const concurrency = Number(process.env.DRILL_CLIENTS ?? 4);
// DRILL_SYNC=off: an asynchronous standby, to measure what synchronous commits cost (decision 0037).
const synchronous = process.env.DRILL_SYNC !== 'off';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);

type Fault = { kind: 'api' | 'primary'; at: number; back: number; recovered: number };

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });

async function crashApi(api: ApiProcess): Promise<Fault> {
  const at = Date.now();
  api.crash();
  log(`SIGKILL ${api.name}; starting it again`);
  await api.start();
  const back = Date.now() - at;
  log(`${api.name} listening again after ${back} ms`);
  return { kind: 'api', at, back, recovered: Number.NaN };
}

async function crashPrimary(primary: Cluster): Promise<Fault> {
  await primary.stop('immediate');
  // From when the primary is down for sure: a request that began while it was stopping may
  // still have succeeded.
  const at = Date.now();
  log('primary stopped (immediate); starting it again');
  await primary.start();
  await waitForStandby(primary, 60_000, synchronous);
  const back = Date.now() - at;
  log(`primary up, replica streaming synchronously again after ${back} ms`);
  return { kind: 'primary', at, back, recovered: Number.NaN };
}

/** On the promoted replica: every acknowledged payment once, no duplicate, the ledger intact. */
async function verify(replica: Cluster, acknowledged: readonly Acknowledged[], exchanges: readonly string[]) {
  const ids = acknowledged.map((payment) => payment.id);
  const found = await replica.query<{ id: string; status: string }>(
    'SELECT id::text, status FROM payments WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const confirmed = new Set(
    found
      .filter((row) => row.status !== 'created' && row.status !== 'awaiting_confirmation')
      .map((row) => row.id),
  );
  const [exchangesLost] = await replica.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM unnest($1::uuid[]) AS a(id)
      WHERE NOT EXISTS (SELECT 1 FROM fx_exchanges x WHERE x.id = a.id AND x.status = 'completed')`,
    [exchanges],
  );
  const lost = ids.filter((id) => !confirmed.has(id)).length + (exchangesLost?.n ?? 0);
  // The key is the payment's description: two payments of one key are a duplicate.
  const [dup] = await replica.query<{ duplicated: number }>(
    `SELECT coalesce(sum(n - 1), 0)::integer AS duplicated
       FROM (SELECT count(*) AS n FROM payments WHERE description LIKE 'drill-%' GROUP BY description) per_key`,
  );
  // The stored answer of each acknowledged key names the payment the client was told of.
  const [mismatch] = await replica.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM idempotency_keys k
       JOIN unnest($1::text[], $2::text[]) AS a(key, id) ON a.key = k.key
      WHERE k.response_body->'data'->>'id' IS DISTINCT FROM a.id`,
    [acknowledged.map((payment) => payment.key), ids],
  );
  const db = await openPostgresDatabase({ connectionString: replica.url, poolSize: 2 });
  try {
    const report = await checkLedgerInvariants(db);
    console.log(formatInvariantReport(report));
    return { lost, duplicated: (dup?.duplicated ?? 0) + (mismatch?.n ?? 0), invariants: report.ok };
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  ensureHaproxy();
  const base = await mkdtemp(join(tmpdir(), 'drill-scale-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  // The postgres OS user (when we are root) must reach its folder inside.
  await chmod(base, 0o711);
  const folder = join(base, 'pg');
  log(`folder ${base}; creating the primary and its ${synchronous ? 'synchronous' : 'asynchronous'} replica`);
  const primary = new Cluster('primary', join(folder, 'primary'), await freePort());
  const replica = new Cluster('replica', join(folder, 'replica'), await freePort());
  cleanups.push(
    () => primary.kill(),
    () => replica.kill(),
  );
  await createPair(folder, primary, replica, synchronous);
  log(
    `primary :${primary.port}, replica :${replica.port} (${synchronous ? 'synchronous' : 'asynchronous'}); starting 3 API processes`,
  );
  const apis = await apiProcesses(3, primary.url);
  cleanups.push(() => {
    for (const api of apis) api.kill();
  });
  await startApis(apis);
  const balancer = await Balancer.start(base, apis);
  cleanups.push(() => balancer.stop());
  log(`HAProxy ${balancer.url} -> ${apis.map((api) => `${api.name} :${api.port}`).join(', ')}`);

  const clients = new DrillClients(balancer.url, primary.url, concurrency);
  cleanups.push(() => clients.close());
  const loadStarted = Date.now();
  const running = clients.run();
  running.catch(() => undefined);
  log(`${concurrency} clients paying for ${seconds} s`);
  const faults: Fault[] = [];
  const at = (fraction: number) => sleep(Math.max(0, loadStarted + fraction * seconds * 1000 - Date.now()));
  await at(0.2);
  faults.push(await crashApi(apis[1] as ApiProcess));
  await at(short ? 0.55 : 0.45);
  faults.push(await crashPrimary(primary));
  if (!short) {
    await at(0.7);
    faults.push(await crashApi(apis[2] as ApiProcess));
  }
  await at(1);
  // The final crash comes under load: commits in flight when the primary dies must either be on
  // the standby (acknowledged) or be told of no success (cut off).
  log('crashing the primary under load for good; promoting the replica');
  clients.halt();
  await primary.stop('immediate');
  clients.stop();
  await running;
  const stats = clients.stats;
  for (const fault of faults) fault.recovered = stats.recoveredAfter(fault.at);
  for (const api of apis) api.kill();
  balancer.stop();
  await replica.promote();
  const result = await verify(replica, stats.acknowledged, stats.exchanges);

  console.log(
    `\nAcknowledged: ${stats.acknowledged.length} payments, ${stats.exchanges.length} exchanges; ` +
      `statements read: ${stats.statements}; operations abandoned: ${stats.abandoned}, ` +
      `cut off by the final crash: ${stats.cutOff}`,
  );
  console.log('Errors seen by the clients (each failed attempt, retried unless abandoned):');
  if (stats.errors.size === 0) console.log('  none');
  for (const [kind, count] of [...stats.errors].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(5)}  ${kind}`);
  console.log(
    'Faults (back = process listening / primary streaming again; recovered = first success after):',
  );
  for (const fault of faults)
    console.log(
      `  ${fault.kind.padEnd(8)} at +${((fault.at - loadStarted) / 1000).toFixed(1)} s  back ${fault.back} ms  recovered ${fault.recovered} ms`,
    );
  console.log(`Total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const worst = (kind: Fault['kind']) =>
    Math.max(...faults.filter((f) => f.kind === kind).map((f) => f.recovered));
  console.log(
    `RESULT acknowledged=${stats.acknowledged.length + stats.exchanges.length} lost=${result.lost} duplicated=${result.duplicated} ` +
      `invariants=${result.invariants ? 'ok' : 'broken'} recover_api_ms=${worst('api')} recover_primary_ms=${worst('primary')}`,
  );
  const ok =
    result.lost === 0 &&
    result.duplicated === 0 &&
    result.invariants &&
    stats.acknowledged.length > 0 &&
    stats.abandoned === 0;
  return ok ? 0 : 1;
}

main()
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  )
  .finally(() => cleanUp());
