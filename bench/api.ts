import { cpus, totalmem } from 'node:os';
import { startBalanced } from './api-balanced';
import {
  DEMO_CLIENTS,
  eurAccount,
  logIn,
  Mailbox,
  type Payer,
  type Product,
  pay,
  paymentSteps,
  startProduct,
} from './api-product';
import { checkpoint, interleave, Pgbench, recreateDatabase } from './bench-support';
import { HttpClient, type PhaseResult, percentile, runPhase, startBareServer } from './http-load';
import { type CpuPerOperation, measureCpu } from './process-cpu';

// `npm run bench:api`: the product over real HTTP, started as `npm start` runs it, each workload
// interleaved A B A B with its reference on the same machine (see docs/benchmarks.md, "API over
// HTTP"): reads against a bare node:http server answering a JSON body of the same size, the
// payment (create, code, confirm) against pgbench tpcb-like on the same PostgreSQL server.
// It creates and drops its own databases, bench_api and bench_pgbench. Not a test.

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_PHASE_SECONDS ?? 3);
const pairs = Number(process.env.BENCH_PAIRS ?? 2);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
// While iterating, BENCH_ONLY=read,payment runs some workloads only (read payment list statement
// health balanced).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);

type Workload = {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  ratio: number;
  /** CPU per operation in the product's phases (the API process's when it was named). */
  cpu?: CpuPerOperation;
  /** CPU per operation in the reference's phases (the machine's is the one that counts). */
  referenceCpu?: CpuPerOperation;
};

const us = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(0));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const meanCpu = (each: CpuPerOperation[]): CpuPerOperation | undefined => {
  if (each.length === 0) return undefined;
  const servers = each.flatMap((one) => (one.serverUs === undefined ? [] : [one.serverUs]));
  return {
    ...(servers.length > 0 ? { serverUs: mean(servers) } : {}),
    postgresUs: mean(each.map((one) => one.postgresUs)),
    machineUs: mean(each.map((one) => one.machineUs)),
  };
};

/**
 * The most the product could answer per second against the reference's rate if every core did
 * only `usPerOperation` of work per operation: a ceiling for the ratio that no change outside
 * that work can pass (on a machine whose cores are all busy, rates are CPU per operation).
 */
function ceiling(workload: Workload, usPerOperation: number | undefined): number {
  if (usPerOperation === undefined || !(usPerOperation > 0)) return Number.NaN;
  const referenceRate = workload.perSecond / workload.ratio;
  return (cpus().length * 1e6) / usPerOperation / referenceRate;
}

/** Interleaves `product` with `reference`, keeping the product's latencies of every pair. */
async function compare(
  name: string,
  product: () => Promise<PhaseResult>,
  reference: () => Promise<number>,
  serverPid?: number,
): Promise<Workload> {
  const latencies: number[] = [];
  const rates: number[] = [];
  const cpu: CpuPerOperation[] = [];
  const referenceCpu: CpuPerOperation[] = [];
  const result = await interleave(
    name,
    pairs,
    async () => {
      const meter = measureCpu(serverPid);
      const phase = await product();
      cpu.push(meter.stop(phase.latencies.length));
      latencies.push(...phase.latencies);
      rates.push(phase.perSecond);
      return phase.perSecond;
    },
    async () => {
      const meter = measureCpu();
      const rate = await reference();
      // The references report a rate over the phase's length; their count is near enough.
      referenceCpu.push(meter.stop(rate * seconds));
      return rate;
    },
  );
  const productMean = meanCpu(cpu);
  const referenceMean = meanCpu(referenceCpu);
  const workload: Workload = {
    name,
    perSecond: mean(rates),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ratio: result.ratio,
    ...(productMean ? { cpu: productMean } : {}),
    ...(referenceMean ? { referenceCpu: referenceMean } : {}),
  };
  const parts = productMean
    ? [
        ...(productMean.serverUs === undefined ? [] : [`API ${us(productMean.serverUs)} us`]),
        `PostgreSQL ${us(productMean.postgresUs)} us`,
        `machine ${us(productMean.machineUs)} us (the reference's ${us(referenceMean?.machineUs ?? Number.NaN)} us)`,
      ]
    : [];
  console.log(
    `  ${name}: ${workload.perSecond.toFixed(0)}/s, p50 ${workload.p50.toFixed(1)} ms, p99 ${workload.p99.toFixed(1)} ms` +
      (parts.length > 0 ? `; CPU per operation: ${parts.join(', ')}` : ''),
  );
  if (productMean?.serverUs !== undefined)
    console.log(
      `  ${name}: ceiling of the ratio if the API process cost nothing ` +
        `${ceiling(workload, productMean.machineUs - productMean.serverUs).toFixed(3)}, ` +
        `if only PostgreSQL's part remained ${ceiling(workload, productMean.postgresUs).toFixed(3)}`,
    );
  return workload;
}

async function main(): Promise<void> {
  console.log(
    `API benchmark: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${seconds} s phases, ` +
      `${pairs} pairs, ${clients} clients, server ${new URL(serverUrl).host}`,
  );
  const apiUrl = await recreateDatabase(serverUrl, 'bench_api');
  const pgbench = new Pgbench(await recreateDatabase(serverUrl, 'bench_pgbench'));
  await pgbench.initialise(10);
  const product: Product = await startProduct(apiUrl);
  const http = new HttpClient(product.url, clients);
  const mailbox = Mailbox.open(apiUrl);
  const results: Workload[] = [];
  try {
    // One log-in per worker, one after the other (each reads the newest code of its client);
    // even workers pay from the private demo client to the business one, odd ones back.
    const tokens: string[] = [];
    // At least two, one per demo client, so both accounts are known.
    for (let worker = 0; worker < Math.max(clients, 2); worker++)
      tokens.push(await logIn(http, mailbox, DEMO_CLIENTS[worker % 2] as string));
    const accounts = [
      await eurAccount(http, tokens[0] as string),
      await eurAccount(http, tokens[1] as string),
    ];
    const payers: Payer[] = tokens.map((token, worker) => ({
      worker,
      email: DEMO_CLIENTS[worker % 2] as string,
      token,
      from: accounts[worker % 2] as Payer['from'],
      to: accounts[(worker + 1) % 2] as Payer['to'],
    }));
    const get = (path: (worker: number) => string) => async (worker: number) => {
      const answer = await http.request('GET', path(worker), {
        authorization: `Bearer ${tokens[worker]}`,
      });
      if (answer.status !== 200) throw new Error(`GET ${path(worker)}: ${answer.status} ${answer.body}`);
    };
    const read = async (name: string, path: (worker: number) => string) => {
      const sample = await http.request('GET', path(0), { authorization: `Bearer ${tokens[0]}` });
      const size = Buffer.byteLength(sample.body);
      console.log(`\n${path(0)} (A, ${size} bytes) vs bare node:http, same size (B):`);
      const bare = await startBareServer(size);
      const bareHttp = new HttpClient(bare.url, clients);
      const reference = async () =>
        (await runPhase(seconds, clients, async () => void (await bareHttp.request('GET', '/')))).perSecond;
      try {
        await runPhase(1, clients, get(path));
        await runPhase(1, clients, async () => void (await bareHttp.request('GET', '/')));
        results.push(
          await compare(name, () => runPhase(seconds, clients, get(path)), reference, product.memory.pid),
        );
      } finally {
        bareHttp.close();
        await bare.close();
      }
    };

    if (wanted('read')) await read('read', () => '/api/client/accounts');
    if (wanted('payment')) {
      console.log(
        `\nInternal payment: create, code, confirm (A) vs pgbench tpcb-like, ${clients} clients (B):`,
      );
      await runPhase(1, clients, (worker) => pay(http, mailbox, payers[worker] as Payer));
      await pgbench.tpcbLike(clients, 1);
      results.push(
        await compare(
          'payment',
          async () => {
            await checkpoint(serverUrl);
            return runPhase(seconds, clients, (worker) => pay(http, mailbox, payers[worker] as Payer));
          },
          async () => {
            await checkpoint(serverUrl);
            return pgbench.tpcbLike(clients, seconds);
          },
          product.memory.pid,
        ),
      );
    }
    if (wanted('list')) await read('list', () => '/api/client/payments?page=1&limit=20');
    if (wanted('statement')) {
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      await read(
        'statement',
        (worker) => `/api/client/accounts/${accounts[worker % 2]?.id}/statement?from=${from}&to=${today}`,
      );
    }
    if (wanted('health')) await read('health', () => '/api/health');
    if (wanted('balanced')) {
      const balanced = await startBalanced(apiUrl, clients, mailbox, payers);
      // The payment steps above are the direct process's; the balanced phases add none of theirs.
      const stepsBefore = paymentSteps.create.length;
      if (balanced) {
        console.log(
          `\nInternal payment via HAProxy and 3 processes (A) vs 1 process direct (B), ${clients} clients:`,
        );
        try {
          await balanced.phase(1);
          results.push(
            await compare(
              'balanced',
              () => balanced.phase(seconds),
              async () =>
                (await runPhase(seconds, clients, (worker) => pay(http, mailbox, payers[worker] as Payer)))
                  .perSecond,
            ),
          );
        } finally {
          await balanced.close();
          for (const times of Object.values(paymentSteps)) times.length = stepsBefore;
        }
      }
    }
  } finally {
    http.close();
    await mailbox.close();
    await product.stop();
  }

  console.log(
    '\nworkload    req/s     p50 ms   p99 ms   ratio   API us/op   PostgreSQL us/op   machine us/op (reference)',
  );
  for (const w of results)
    console.log(
      `${w.name.padEnd(10)} ${w.perSecond.toFixed(0).padStart(7)} ${w.p50.toFixed(1).padStart(9)} ${w.p99
        .toFixed(1)
        .padStart(
          8,
        )}   ${w.ratio.toFixed(3)} ${us(w.cpu?.serverUs).padStart(11)} ${us(w.cpu?.postgresUs).padStart(18)} ${us(
        w.cpu?.machineUs,
      ).padStart(15)} (${us(w.referenceCpu?.machineUs)})`,
    );
  const steps = Object.entries(paymentSteps).map(
    ([step, times]) =>
      `${step} p50 ${percentile(times, 0.5).toFixed(1)} ms p99 ${percentile(times, 0.99).toFixed(1)} ms`,
  );
  if (paymentSteps.create.length > 0) console.log(`Payment steps: ${steps.join('; ')}`);
  const of = (name: string) => results.find((w) => w.name === name);
  const fixed = (value: number | undefined, digits: number) => (value ?? Number.NaN).toFixed(digits);
  const payment = of('payment');
  console.log(
    `RESULT read_vs_bare=${fixed(of('read')?.ratio, 3)} payment_vs_pgbench=${fixed(payment?.ratio, 3)} ` +
      `read_p99_ms=${fixed(of('read')?.p99, 1)} payment_p99_ms=${fixed(payment?.p99, 1)} ` +
      `payment_postgres_ceiling=${fixed(payment && ceiling(payment, payment.cpu?.postgresUs), 3)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
