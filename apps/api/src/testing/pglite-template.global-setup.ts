import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { repositoryRoot } from '../lib/package-root';

// Creating a PGlite database runs initdb (about 2.5 s); loading a saved data directory takes
// about 0.5 s. So the API tests migrate one database per run, save it, and every test file
// starts from a copy. It is rebuilt on every run, so it always matches the migrations.
export default async function setup(project: TestProject) {
  const db = await openPgliteDatabase();
  await migrate(db);
  const snapshot = await db.dumpDataDir();
  await db.close();
  const directory = join(repositoryRoot(), 'node_modules', '.cache', 'pglite-template');
  await mkdir(directory, { recursive: true });
  const path = join(directory, `${project.name}-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return async () => {
    await rm(path, { force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}
