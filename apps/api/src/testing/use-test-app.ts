import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { Database } from '../db/database';
import { buildTestApp, type TestApp } from './build-test-app';

export type UseTestAppOptions = {
  /** Configuration overrides, as for buildTestApp. */
  config?: Record<string, string>;
  /** Start from the demo data (clients, operators, accounts): seeded once per run, copied here. */
  demo?: boolean;
  /** Runs once after the app is ready (sign-ups, sessions, accounts). */
  setUp?: (test: TestApp) => Promise<unknown>;
  /** For files that fake the clock: every test starts again on real time. */
  realTimersAfterEach?: boolean;
  /** The set-up's time limit, for files whose setUp does a lot. */
  setUpTimeoutMs?: number;
};

/** The app of one test file: read `app` and `db` inside tests, once its beforeAll has run. */
export type FileApp = { readonly app: FastifyInstance; readonly db: Database };

/**
 * Registers the file's app on a fresh database (beforeAll) and its tear-down (afterAll), so a
 * test file states only what its world holds.
 */
export function useTestApp(options: UseTestAppOptions = {}): FileApp {
  let test: TestApp | undefined;
  beforeAll(async () => {
    test = await buildTestApp(options.config, options.demo ? 'demo' : 'migrated');
    await options.setUp?.(test);
  }, options.setUpTimeoutMs);
  afterAll(async () => {
    await test?.close();
  });
  if (options.realTimersAfterEach) {
    afterEach(() => {
      vi.useRealTimers();
    });
  }
  const current = () => {
    if (!test) throw new Error('the test app is only there inside tests and hooks');
    return test;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
  };
}
