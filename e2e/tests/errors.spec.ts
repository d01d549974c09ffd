import { expect, test } from '../fixtures';

test.describe('the error catalogue', () => {
  test.beforeEach(({ expectConsoleErrors }) => {
    expectConsoleErrors({
      text: /^Failed to load resource: .* status of (400|500) /,
      at: /\/api\/dev\/outbox/,
      reason: 'each journey here fakes the failed answer of the mailbox, and Chromium logs it',
    });
  });
  test('a failing API call shows its message in the snackbar, which can be closed', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/api/dev/outbox**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 500, code: 'internal_error', message: 'Boom from the server' }),
      }),
    );
    await page.goto('/#/dev/mailbox');
    const alert = page.getByRole('alert').filter({ hasText: 'Boom from the server' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button').click();
    await expect(alert).toBeHidden();
    // The browser logs the failed request itself; nothing else may error.
    expect(consoleErrors.filter((text) => !text.includes('status of 500'))).toEqual([]);
  });

  test('a 400 shows the errors array', async ({ page }) => {
    await page.route('**/api/dev/outbox**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 400,
          code: 'validation_failed',
          message: 'The request is not valid',
          errors: [{ field: 'query.to', code: 'invalid', message: 'Recipient must be an e-mail address' }],
        }),
      }),
    );
    await page.goto('/#/dev/mailbox');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Recipient must be an e-mail address' }),
    ).toBeVisible();
  });
});

test.describe('the demo mailbox', () => {
  test('says so when an address has no messages', async ({ page }) => {
    await page.goto('/#/dev/mailbox');
    await page.getByLabel('Recipient').fill('nobody-here@example.test');
    await expect(page.getByText(/^No messages yet/)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Demo mailbox \| Bluepeak$/);
  });

  test('lists what the system sent, with clickable links', async ({ page, request }) => {
    const joined = await request.post('/api/public/card-waitlist', {
      data: { email: 'reader@example.test', consent: true },
    });
    expect(joined.status()).toBe(202);
    // Unfiltered, the newest message comes first, whatever earlier journeys sent before it.
    await page.goto('/#/dev/mailbox');
    const waitingList = page.getByRole('heading', { name: 'You are on the Bluepeak card waiting list' });
    await expect(waitingList.first()).toBeVisible();
    await expect(page.getByRole('link', { name: /#\/email-unsubscribe\?/ }).first()).toBeVisible();
    // Filtered by another recipient, it is gone and that recipient's mail is shown.
    await page.getByLabel('Recipient').fill('private@demo.test');
    await expect(waitingList).toHaveCount(0);
    await expect(page.getByRole('article').first()).toContainText('To: private@demo.test');
  });
});

test('a page whose code fails to load reloads the app once, then shows the error page', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors({
    text: /^Failed to load resource: net::ERR_FAILED$/,
    at: /\/assets\/mailbox-page-[\w-]+\.js/,
    reason: "the journey makes the page's code fail to load, on purpose, before and after the reload",
  });
  await page.goto('/#/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/assets/mailbox-page-*.js', (route) => route.abort());
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.evaluate(() => {
    window.location.hash = '#/dev/mailbox';
  });
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByText('500')).toBeVisible();
  expect(loads).toBe(1);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/#\/en$/);
});
