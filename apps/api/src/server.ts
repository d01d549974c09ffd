import cluster from 'node:cluster';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { migrate, pendingMigrations } from './db/migrate';
import { openDatabase } from './db/open-database';
import { selectJobs } from './jobs';
import { repositoryRoot } from './lib/package-root';
import { processState } from './lib/process-state';
import { demoModeBanner } from './seed/demo-mode-banner';
import { seedOnStart } from './seed/seed-on-start';
import { superviseWorkers } from './supervisor';

// The only file that listens. Order matters: config, database, migrations, demo seed, then
// the HTTP server and its background jobs, so nothing runs on a half-migrated database.
// WEB_CONCURRENCY above 1 makes this process the supervisor (supervisor.ts): it migrates and
// seeds once, then forks that many processes, each of which runs `serve` on a prepared database.
async function main() {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) return superviseWorkers(config);
  await serve(config, { prepared: cluster.isWorker });
}

async function serve(config: Config, { prepared }: { prepared: boolean }) {
  const db = await openDatabase(config);
  if (config.demoMode && !prepared) console.error(demoModeBanner(config));
  const applied = prepared ? [] : await migrate(db);
  // A forked process checks what its supervisor did: readiness stays 503 while one is missing.
  const state = processState({ migrated: (await pendingMigrations(db)).length === 0 });
  const app = await buildApp({
    config,
    db,
    // Log lines leave in batches of up to 8 KB, and at least every 100 ms so a quiet server's
    // lines are not held back: a write per line cost about a twentieth of an accounts read's
    // CPU (docs/benchmarks.md). Pino writes what is left synchronously when the process exits,
    // crashes included; only a SIGKILL loses the last 100 ms.
    logStream: pino.destination({ dest: 1, sync: false, minLength: 8192, periodicFlush: 100 }),
    webDistDir: config.webDistDir ?? join(repositoryRoot(), 'apps', 'web', 'dist'),
    jobs: selectJobs(config.backgroundJobs),
    state,
  });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (!prepared) await seedOnStart(db, config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on; DRAIN_DELAY_MS gives a load balancer time to notice
    // before the listener closes (docs/operations.md).
    state.draining = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.drainDelayMs + 10_000);
    force.unref();
    if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    await app.close(); // stops accepting, lets requests in flight finish, then stops the jobs
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (config.demoMode && !prepared) app.log.warn('demo mode is on: demo users with known passwords exist');
  if (!config.databaseUrl && !config.pgliteFsync) {
    app.log.warn('PGLITE_FSYNC=off: a power cut or OS crash can lose acknowledged writes');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
