import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type Server, startServer, stopServer } from './production-server';
import {
  ConsoleWatch,
  type ExpectedConsoleError,
  watchContext,
  watchNewContexts,
} from './support/console-errors';
import { LedgerInvariants } from './support/ledger-invariants';

type TestFixtures = {
  /** Every error the test's pages logged (401s aside), as text; the fixture fails on unexpected ones. */
  consoleErrors: string[];
  /** Declares errors this test causes on purpose, with the reason, so they do not fail it. */
  expectConsoleErrors: (expected: ExpectedConsoleError) => void;
  consoleWatch: ConsoleWatch;
  ledgerInvariants: undefined;
};
type WorkerFixtures = { server: Server; ledger: LedgerInvariants };

/** The real server, one per worker, on a free port with a fresh embedded database. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'bluepeak-e2e-'));
      const server = await startServer(dataDir);
      await use(server);
      await stopServer(server.process);
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  ledger: [
    async ({ playwright, server }, use) => {
      const api = await playwright.request.newContext({ baseURL: server.url });
      await use(new LedgerInvariants(api));
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  // After every test, on the server it ran against: a test that breaks the ledger fails itself.
  ledgerInvariants: [
    async ({ ledger }, use) => {
      await use(undefined);
      await ledger.expectToHold();
    },
    { auto: true },
  ],
  // Fails a test on any unexpected console or page error, so a page that "works" but throws is caught.
  consoleWatch: [
    async ({ context, browser }, use) => {
      const watch = new ConsoleWatch();
      watchContext(context, watch.record);
      await watchNewContexts(browser, watch.record, () => use(watch));
      const failure = watch.unexpected();
      if (failure) throw new Error(failure);
    },
    { auto: true },
  ],
  consoleErrors: async ({ consoleWatch }, use) => {
    await use(consoleWatch.texts);
  },
  expectConsoleErrors: async ({ consoleWatch }, use, testInfo) => {
    await use((expected) => {
      testInfo.annotations.push({
        type: 'expected console error',
        description: `${expected.text}: ${expected.reason}`,
      });
      consoleWatch.expect(expected);
    });
  },
});

export { expect };

/** axe's serious and critical findings on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // An open dialog is checked on its own: the page under its overlay is dimmed on purpose.
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
