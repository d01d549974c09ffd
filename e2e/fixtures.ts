import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type Server, startServer } from './production-server';

/** The real server, one per worker, on a free port with a fresh embedded database. */
export const test = base.extend<{ consoleErrors: string[] }, { server: Server }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'bluepeak-e2e-'));
      const server = await startServer(dataDir);
      await use(server);
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server.process.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Fails a test on any unexpected console error, so a page that "works" but throws is caught.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A 401 is how the API says "nobody is logged in" (login_check, the calls in flight when
        // a journey logs out); Chromium logs each such response as a console error. What the app
        // does with a 401 is tested on the page itself (the error catalogue in dashboard.spec.ts).
        if (/^Failed to load resource: .* status of 401 /.test(message.text())) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };

/** axe's serious and critical findings on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
