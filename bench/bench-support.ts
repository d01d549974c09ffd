import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

// Small helpers of the benchmarks: statistics, the A B A B schedule, and the PostgreSQL server
// they run against (databases of their own, pgbench).

const run = promisify(execFile);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export type Pair = { a: number; b: number; ratio: number };

/**
 * Runs A then B, `pairs` times, and returns each pair's throughputs and A/B ratio with their
 * median. Interleaving keeps slow drift of the machine (caches, checkpoints, neighbours) out of the
 * ratio, and the median of the pairs keeps one disturbed pair from deciding it.
 */
export async function interleave(
  label: string,
  pairs: number,
  runA: () => Promise<number>,
  runB: () => Promise<number>,
): Promise<{ label: string; pairs: Pair[]; ratio: number }> {
  const results: Pair[] = [];
  for (let i = 0; i < pairs; i++) {
    const a = await runA();
    const b = await runB();
    results.push({ a, b, ratio: a / b });
    console.log(
      `  ${label} pair ${i + 1}: A ${a.toFixed(0)}/s, B ${b.toFixed(0)}/s, A/B ${(a / b).toFixed(3)}`,
    );
  }
  const ratio = median(results.map((pair) => pair.ratio));
  console.log(`  ${label}: median A/B ${ratio.toFixed(3)}`);
  return { label, pairs: results, ratio };
}

/** Connection settings of a postgres:// URL, for pgbench and for naming other databases. */
export function serverOf(url: string) {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname) || '127.0.0.1',
    port: parsed.port || '5432',
    user: decodeURIComponent(parsed.username) || 'postgres',
    password: decodeURIComponent(parsed.password),
    urlFor(database: string) {
      const copy = new URL(url);
      copy.pathname = `/${database}`;
      return copy.toString();
    },
  };
}

/** Drops and creates a database of the benchmark's own on the server of `url`. */
export async function recreateDatabase(url: string, database: string): Promise<string> {
  if (!/^bench_[a-z0-9_]+$/.test(database)) throw new Error(`Refusing to recreate ${database}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  return serverOf(url).urlFor(database);
}

/** A checkpoint before each phase, so no phase pays for the previous one's dirty pages. */
export async function checkpoint(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } catch (error) {
    console.warn('CHECKPOINT refused (not a superuser?); phases may pay for each other', String(error));
  } finally {
    await client.end();
  }
}

export function findPgbench(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  for (const candidate of ['/usr/bin/pgbench', '/usr/local/bin/pgbench'])
    if (existsSync(candidate)) return candidate;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const candidate = `${root}/${version}/bin/pgbench`;
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error('pgbench not found: install postgresql-client or set PGBENCH');
}

export class Pgbench {
  constructor(
    private readonly url: string,
    private readonly binary = findPgbench(),
  ) {}

  private args(): { args: string[]; env: NodeJS.ProcessEnv } {
    const server = serverOf(this.url);
    const database = new URL(this.url).pathname.slice(1);
    return {
      args: ['-h', server.host, '-p', server.port, '-U', server.user, database],
      env: { ...process.env, ...(server.password ? { PGPASSWORD: server.password } : {}) },
    };
  }

  async initialise(scale: number): Promise<void> {
    const { args, env } = this.args();
    await run(this.binary, ['-i', '-q', '-s', String(scale), ...args], { env });
  }

  /** The built-in tpcb-like script (pgbench's default) for `seconds`; returns transactions per second. */
  async tpcbLike(clients: number, seconds: number): Promise<number> {
    const { args, env } = this.args();
    const threads = String(Math.min(clients, 2));
    const { stdout } = await run(
      this.binary,
      ['-b', 'tpcb-like', '-c', String(clients), '-j', threads, '-T', String(seconds), ...args],
      { env },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!match?.[1]) throw new Error(`Could not read pgbench's tps from:\n${stdout}`);
    return Number(match[1]);
  }
}
