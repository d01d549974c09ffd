import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { repositoryRoot } from '../lib/package-root';
import { seedDemoData } from '../seed/seed-demo-data';
import { DEMO_SEED_CONTEXT } from './test-database';

// Creating a PGlite database runs initdb (about 2.5 s); loading a saved data directory takes
// about 0.5 s, and seeding the demo data (clients, operators with scrypt hashes, their ledger
// history) several seconds more. So the API tests build two databases per run, migrated and
// migrated-plus-demo, save both, and every test file starts from a copy of the one it asks for.
// They are rebuilt on every run, so they always match the migrations and the seed.
export default async function setup(project: TestProject) {
  const directory = join(repositoryRoot(), 'node_modules', '.cache', 'pglite-template');
  await mkdir(directory, { recursive: true });
  const db = await openPgliteDatabase();
  const save = async (kind: string) => {
    const path = join(directory, `${project.name}-${process.pid}-${kind}.tar`);
    await writeFile(path, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    return path;
  };
  await migrate(db);
  const migrated = await save('migrated');
  await seedDemoData(db, DEMO_SEED_CONTEXT);
  const demo = await save('demo');
  await db.close();
  project.provide('pgliteTemplatePath', migrated);
  project.provide('pgliteDemoTemplatePath', demo);
  return async () => {
    await rm(migrated, { force: true });
    await rm(demo, { force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    pgliteDemoTemplatePath: string;
  }
}
