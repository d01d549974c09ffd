import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { logIn, PRIVATE, problem, visit } from '../support/dashboard';

// docs/requirements/accounts.md and docs/error-catalogue.md: how the dashboard shows each kind of
// failed request.
test.describe('the error catalogue on the dashboard', () => {
  test.describe.configure({ timeout: 90_000 });
  const alert = (page: Page) => page.getByRole('alert');
  test.beforeEach(({ expectConsoleErrors }) => {
    expectConsoleErrors({
      text: /^Failed to load resource: /,
      at: /\/api\//,
      reason: 'each journey here fakes the failed API answer it is about, and Chromium logs it',
    });
  });

  async function openAccountFailing(page: Page, status: number, body: Record<string, unknown>) {
    await page.unrouteAll();
    await page.route('**/api/client/accounts', (route) =>
      route.request().method() === 'POST' ? problem(status, body)(route) : route.fallback(),
    );
    if (!page.url().endsWith('/dashboard/accounts')) await visit(page, '/dashboard/accounts');
    const dialog = page.getByRole('dialog', { name: 'Open an account in another currency' });
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Open an account' }).click();
    await dialog.getByRole('button', { name: 'Open account' }).click();
  }

  test('a 401 ends the session with the server message and returns to the site root; it is not reported', async ({
    page,
  }) => {
    await logIn(page, PRIVATE, { fresh: true });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route(
      '**/api/client/accounts',
      problem(401, { message: 'Your session has ended. Please log in again.' }),
    );
    await page.goto('/#/dashboard/accounts');
    await expect(
      alert(page).filter({ hasText: 'Your session has ended. Please log in again.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/#\/(en)?$/);
    await expect.poll(async () => (await page.request.get('/api/auth/login_check')).status()).toBe(401);
    expect(warnings.filter((text) => text.startsWith('[error-report]'))).toEqual([]);
  });

  test("a 403 without a message says 'Authorization Error!' and ends the session", async ({ page }) => {
    await logIn(page, PRIVATE, { fresh: true });
    await openAccountFailing(page, 403, {});
    await expect(alert(page).filter({ hasText: 'Authorization Error!' })).toBeVisible();
    await expect(page).toHaveURL(/#\/(en)?$/);
    await expect.poll(async () => (await page.request.get('/api/auth/login_check')).status()).toBe(401);
  });

  test('a 400 shows the errors array, else the message, else API Error!', async ({ page }) => {
    await logIn(page, PRIVATE);
    await openAccountFailing(page, 400, {
      message: 'The request is not valid',
      errors: [
        { field: 'body.currency', code: 'invalid', message: 'Accounts are not offered in this currency' },
        { field: 'body.name', code: 'invalid', message: 'At most 70 characters' },
      ],
    });
    const listed = alert(page).filter({ hasText: 'Accounts are not offered in this currency' });
    await expect(listed).toContainText('At most 70 characters');
    await expect(listed).not.toContainText('The request is not valid');

    await openAccountFailing(page, 400, { message: 'Something about the request' });
    await expect(alert(page).filter({ hasText: 'Something about the request' })).toBeVisible();

    await openAccountFailing(page, 400, { message: '' });
    await expect(alert(page).filter({ hasText: 'API Error!' })).toBeVisible();
  });

  test('a 422 shows its detail', async ({ page }) => {
    await logIn(page, PRIVATE);
    await openAccountFailing(page, 422, {
      message: 'Refused',
      detail: 'This currency is paused for new accounts',
    });
    await expect(alert(page).filter({ hasText: 'This currency is paused for new accounts' })).toBeVisible();
  });

  test("other statuses show the message, or 'Error {status}', and are reported", async ({
    page,
    consoleErrors,
  }) => {
    await logIn(page, PRIVATE);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openAccountFailing(page, 409, { message: 'You already have a USD account' });
    await expect(alert(page).filter({ hasText: 'You already have a USD account' })).toBeVisible();
    await openAccountFailing(page, 503, { message: '' });
    await expect(alert(page).filter({ hasText: 'Error 503' })).toBeVisible();
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\[error-report\] mutation \/client\/accounts: You already have a USD account/,
        ),
        expect.stringMatching(/^\[error-report\] mutation \/client\/accounts: Error 503/),
      ]),
    );
    expect(consoleErrors.filter((text) => !/status of (409|503)/.test(text))).toEqual([]);
  });

  test("no answer at all shows 'Error!'", async ({ page }) => {
    await logIn(page, PRIVATE);
    await page.route('**/api/client/accounts', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await visit(page, '/dashboard/accounts');
    await page.getByRole('button', { name: 'Open an account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Open account' }).click();
    await expect(alert(page).filter({ hasText: /^Error!$/ })).toBeVisible();
  });

  test('a cancelled request shows nothing', async ({ page }) => {
    await logIn(page, PRIVATE);
    // Held, then answered with a failure: the same failure shows when nobody left the page...
    let release: () => void = () => {};
    let gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/client/referrals', async (route) => {
      await gate;
      await problem(500, { message: 'Late failure' })(route).catch(() => undefined);
    });
    await visit(page, '/dashboard/referral');
    release();
    const late = alert(page).filter({ hasText: 'Late failure' });
    await expect(late).toBeVisible();
    await late.getByRole('button').click();
    await expect(late).toHaveCount(0);
    // ...but not when the client left before the answer: leaving cancels the request.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Home/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeVisible();
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.evaluate(() => {
      window.location.hash = '#/dashboard/referral';
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Invite friends' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Home/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeVisible();
    release();
    await page.waitForTimeout(1_000);
    await expect(alert(page)).toHaveCount(0);
  });

  test('a failed client-data fetch is silent, and a 401 from login_check only ends the session quietly', async ({
    page,
  }) => {
    await logIn(page, PRIVATE);
    await visit(page, '/dashboard/accounts');
    // docs/error-catalogue.md: a failed client-data fetch is ignored: no message, no log-out.
    await page.route('**/api/client/data', problem(500, { message: 'Client data is down' }));
    await page.reload();
    // The page says so in place (not a snackbar) and can try again without a reload.
    await expect(page.getByTestId('client-data-failed')).toContainText('Your details could not be loaded.');
    await expect(page.locator('.mantine-Notifications-root').getByRole('alert')).toHaveCount(0);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeVisible();
    // login_check is the one call whose 401 is not the catalogue's "Authorization Error!".
    await page.route('**/api/auth/login_check', problem(401, { message: 'Session ended' }));
    await page.reload();
    await expect(page).toHaveURL(/#\/(en)?$/);
    await expect(alert(page).filter({ hasText: /Authorization Error!|Session ended/ })).toHaveCount(0);
  });

  test('account, client-data and notification fetch failures are silent; notification ones are logged', async ({
    page,
    consoleErrors,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors({
      text: /^Notifications:/,
      reason: 'the notifications fetch fails on purpose, and the panel logs that failure (what is tested)',
    });
    await logIn(page, PRIVATE);
    await page.route('**/api/client/accounts', problem(500, { message: 'Accounts are down' }));
    await page.route('**/api/client/update_require', problem(500, { message: 'Flags are down' }));
    await page.route('**/api/client/notifications**', problem(500, { message: 'Notifications are down' }));
    await visit(page, '/dashboard/accounts');
    await expect(page.getByText('Your accounts could not be loaded.')).toBeVisible();
    await page.getByTestId('notification-bell').click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await expect
      .poll(() => consoleErrors.filter((text) => text.startsWith('Notifications:')).length)
      .toBeGreaterThan(0);
    // No snackbar (the page's own error state with its retry is not one).
    await expect(page.locator('.mantine-Notifications-root').getByRole('alert')).toHaveCount(0);
    // The frame still works: the sidebar and the retry are there.
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
