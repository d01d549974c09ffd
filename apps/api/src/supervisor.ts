import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import type { Logger } from './lib/logger';
import { demoModeBanner } from './seed/demo-mode-banner';
import { seedOnStart } from './seed/seed-on-start';

// WEB_CONCURRENCY=N (docs/operations.md, decision 0036): this process prepares the database once
// (migrations, demo seed), then forks N processes with node's cluster module, which share the
// listening port, and does no request work itself. A process that dies is replaced, at once
// the first time and then after a doubling pause, so a crash loop does not spin. SIGTERM drains:
// every process gets SIGTERM, finishes its requests and jobs, and exits; then this one does.

/** A process that served this long before dying counts as healthy: its slot's back-off starts over. */
const STABLE_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** 0 ms for the first failure in a row, then 1 s, 2 s, 4 s … up to 30 s. */
export function restartDelayMs(failuresInRow: number): number {
  if (failuresInRow <= 1) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (failuresInRow - 2));
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 } as const;

/** Log lines in the shape of the workers' own (pino's JSON), so one log reader reads both. */
function supervisorLogger(level: Config['logLevel']): Logger {
  const write =
    (value: number) =>
    (fieldsOrMessage: object | string, message?: string): void => {
      if (value < LEVELS[level]) return;
      const fields = typeof fieldsOrMessage === 'string' ? {} : fieldsOrMessage;
      const msg = typeof fieldsOrMessage === 'string' ? fieldsOrMessage : message;
      const line = { level: value, time: Date.now(), pid: process.pid, role: 'supervisor', ...fields, msg };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    };
  return { info: write(LEVELS.info), warn: write(LEVELS.warn), error: write(LEVELS.error) };
}

async function prepareDatabase(config: Config, log: Logger) {
  // Migrations and the seed write: no replica (decision 0038).
  const db = await openDatabase({ ...config, databaseReplicaUrl: undefined });
  try {
    const applied = await migrate(db);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    await seedOnStart(db, config, log);
  } finally {
    await db.close();
  }
}

export async function superviseWorkers(config: Config): Promise<void> {
  const log = supervisorLogger(config.logLevel);
  if (config.demoMode) console.error(demoModeBanner(config));
  await prepareDatabase(config, log);
  if (!config.redisUrl) {
    log.warn(
      { processes: config.webConcurrency },
      'no REDIS_URL: each process counts the rate limits on its own, so a client may send up to that many times the limit',
    );
  }

  const slots = new Map<Worker, { slot: number; startedAt: number }>();
  const failures = Array.from({ length: config.webConcurrency }, () => 0);
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;

  const fork = (slot: number) => slots.set(cluster.fork(), { slot, startedAt: Date.now() });
  cluster.on('listening', (worker, address) => {
    log.info({ worker_pid: worker.process.pid, port: address.port }, 'worker listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (slots.size === 0) process.exit(exitCode);
      return;
    }
    if (!entry) return;
    const lived = Date.now() - entry.startedAt;
    failures[entry.slot] = lived >= STABLE_MS ? 1 : (failures[entry.slot] ?? 0) + 1;
    const delay = restartDelayMs(failures[entry.slot] ?? 1);
    log.error(
      { worker_pid: worker.process.pid, code, signal, restart_in_ms: delay },
      'worker died; starting another',
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      fork(entry.slot);
    }, delay);
    pendingRestarts.add(timer);
  });

  const drain = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: slots.size }, 'draining: every process finishes its requests and jobs');
    for (const timer of pendingRestarts) clearTimeout(timer);
    if (slots.size === 0) process.exit(0);
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    // A process that does not finish in time is killed, as a single one kills itself (server.ts).
    const force = setTimeout(() => {
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.drainDelayMs + 15_000);
    force.unref();
  };
  process.on('SIGTERM', () => drain('SIGTERM'));
  process.on('SIGINT', () => drain('SIGINT'));

  for (let slot = 0; slot < config.webConcurrency; slot++) fork(slot);
  log.info({ processes: config.webConcurrency }, 'supervising');
  if (config.demoMode) log.warn('demo mode is on: demo users with known passwords exist');
}
