import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests. The API project runs twice when TEST_DATABASE_URL is set: once on
// embedded PGlite and once on the PostgreSQL server, so both drivers stay honest.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// The API files share their worker's module cache instead of each importing the whole app
// afresh: that import was most of the step's time (docs/testing.md). Each file still builds its
// own app and database, and a set-up file ends whatever clock or variable a file faked.
const apiFiles = {
  include: ['apps/api/src/**/*.test.ts'],
  isolate: false,
  setupFiles: ['apps/api/src/testing/file-isolation.setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Vitest's default is one worker fewer than the cores: one worker on CI's two. An API test file
// spends much of its time waiting for the PostgreSQL server, a child process or a timer, so a
// second worker keeps the second core busy meanwhile (docs/testing.md, "Workers").
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api-pglite',
          ...apiFiles,
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: ['apps/api/src/testing/pglite-template.global-setup.ts'],
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                ...apiFiles,
                env: { TEST_DB_DRIVER: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
