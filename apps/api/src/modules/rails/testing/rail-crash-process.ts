import { openPostgresDatabase } from '../../../db/postgres-database';
import { registerModuleHooks } from '../../../module-hooks';
import { runClearingSimulator } from '../rail-worker';

// A rail worker process for rail-crash.test.ts (docs/reliability.md, T5): one simulator pass on the
// test's PostgreSQL schema that kills itself with SIGKILL the first time it reaches `step`, as a
// power cut would: no rollback is sent, no handler runs, the server drops the connection.
// Usage: tsx rail-crash-process.ts <schema> <step> <now ISO>, with TEST_DATABASE_URL set.
async function main(): Promise<void> {
  const [searchPath, step, now] = process.argv.slice(2);
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString || !searchPath || !step || !now) throw new Error('usage: <schema> <step> <now>');
  // The rail's answer reaches the payment through the hooks payments registers.
  registerModuleHooks();
  const db = await openPostgresDatabase({ connectionString, poolSize: 2, searchPath });
  await runClearingSimulator(db, {
    now: new Date(now),
    delaySeconds: 0,
    crashAt: (reached) => {
      if (reached === step) process.kill(process.pid, 'SIGKILL');
    },
  });
  await db.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
