import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { test as fixtureTest } from '../fixtures';
import { type Server, startServer, stopServer } from '../production-server';
import { type FakeErrorCollector, startFakeErrorCollector } from '../support/fake-error-collector';

// docs/reliability.md, "Error reporting", in a real browser against the production build: with
// a DSN the web app's uncaught error reaches the collector scrubbed (and the CSP lets it);
// without one no report and no SDK ever leave the server. The journey with a DSN starts a server
// of its own, so it uses Playwright's plain `test`.
const IBAN = 'DE89370400440532013000';
const EMAIL = 'anna.meier@example.com';
// As long as the shared server fixture allows: migrations and the demo seed come first.
const SERVER_START_MS = 200_000;

async function serverWith(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bluepeak-e2e-errors-'));
  const server = await startServer(dataDir, env);
  return {
    server,
    async stop() {
      await stopServer(server.process);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens a page that boots the app at once, then throws an error nothing catches. */
async function throwUncaught(page: Page, server: Server) {
  await page.goto(`${server.url}/#/en/faq?token=secret-token-in-url`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(
    ({ iban, email }) => {
      setTimeout(() => {
        throw new Error(`Payment to ${iban} for ${email} failed`);
      });
    },
    { iban: IBAN, email: EMAIL },
  );
}

test.describe('with an error-reporting DSN', () => {
  let collector: FakeErrorCollector;
  let running: Awaited<ReturnType<typeof serverWith>>;
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_MS);
    collector = await startFakeErrorCollector();
    running = await serverWith({ ERROR_REPORTING_DSN: collector.dsn });
  });
  test.afterAll(async () => {
    await running?.stop();
    await collector?.close();
  });

  test('an uncaught error reaches the collector with no IBAN, e-mail or secret in it', async ({ page }) => {
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) cspViolations.push(message.text());
    });
    await throwUncaught(page, running.server);
    await expect.poll(() => collector.events().length).toBe(1);
    const [event] = collector.events() as [string];
    expect(event).toContain('Payment to [iban] for [email] failed');
    for (const secret of [IBAN, EMAIL, 'secret-token-in-url']) {
      expect(collector.envelopes.join('\n')).not.toContain(secret);
    }
    expect(JSON.parse(event).request.url).toBe(`${running.server.url}/#/en/faq`);
    expect(cspViolations).toEqual([]);
  });
});

// The shared demo server has no DSN, as the default deployment.
fixtureTest(
  'without an error-reporting DSN an uncaught error loads no SDK and calls no one but the server',
  async ({ page, server, expectConsoleErrors }) => {
    expectConsoleErrors({ text: /^Payment to /, reason: 'the journey throws this error on purpose' });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const meta = page.waitForResponse((response) => response.url().endsWith('/api/meta'));
    await throwUncaught(page, server);
    expect((await (await meta).json()).data.error_reporting_dsn).toBeNull();
    expect(requested.filter((url) => !url.startsWith(server.url))).toEqual([]);
    expect(requested.filter((url) => /browser-reporter/.test(url))).toEqual([]);
  },
);
