import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { ALL_JOBS } from './jobs';
import { repositoryRoot } from './lib/package-root';
import { demoModeBanner } from './seed/demo-mode-banner';
import { seedDemoData } from './seed/seed-demo-data';

// The only file that listens. Order matters: config, database, migrations, demo seed, then
// the HTTP server and its background jobs, so nothing runs on a half-migrated database.
async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  if (config.demoMode) console.error(demoModeBanner(config));
  const applied = await migrate(db);
  const app = await buildApp({
    config,
    db,
    webDistDir: config.webDistDir ?? join(repositoryRoot(), 'apps', 'web', 'dist'),
    jobs: ALL_JOBS,
  });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (config.demoMode) {
    const seeded = await seedDemoData(db, { publicUrl: config.publicUrl });
    if (seeded === 'seeded') app.log.info('demo data seeded');
    if (seeded === 'real_data') {
      app.log.warn('demo data not seeded: the database already holds real clients or operators');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close(); // stops accepting, lets requests in flight finish, then stops the jobs
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (config.demoMode) app.log.warn('demo mode is on: demo users with known passwords exist');
  if (!config.databaseUrl && !config.pgliteFsync) {
    app.log.warn('PGLITE_FSYNC=off: a power cut or OS crash can lose acknowledged writes');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
