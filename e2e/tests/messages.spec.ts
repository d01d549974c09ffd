import { expect, seriousViolations, test } from '../fixtures';
import { apiAccounts, logIn, money, sidebar, visit } from '../support/dashboard';
import { PNG } from '../support/new-client';
import { chooseFile } from '../support/onboarding';
import { operatorLogIn } from '../support/operator-session';

// Messages (docs/requirements/tickets.md, /dashboard/tickets), answered in the back office, and the
// other two sections of the sidebar: Statements and Settings. The business demo client writes, so
// the private client's badges in other journeys stay as they were.
const BUSINESS = 'business@demo.test';

test.describe('the dashboard sections', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a question to support is answered in the back office, and the client reads the answer', async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    await logIn(page, BUSINESS);
    await visit(page, '/dashboard/tickets');
    await page.getByRole('link', { name: 'New message' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Write to support' })).toBeVisible();
    // The form checks with the API's own schema before anything is sent.
    await page.getByLabel('Subject').fill('Line one\u202E');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('This text contains hidden or control characters')).toBeVisible();
    await page.getByLabel('Subject').fill('Statement for our auditors');
    await page.getByLabel('Your message').fill('Can you send a signed statement for March?\nThank you.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Statement for our auditors' })).toBeVisible();
    await expect(page.getByText('Waiting for support')).toBeVisible();

    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await operatorLogIn(operator, 'support@demo.test');
    await operator.getByRole('link', { name: 'Client messages' }).click();
    await operator.getByRole('link', { name: 'Statement for our auditors' }).click();
    await expect(operator.getByText('Can you send a signed statement for March?')).toBeVisible();
    await operator
      .getByLabel('Your answer')
      .fill('Download it under Statements; a signed letter follows by post.');
    await operator.getByRole('button', { name: 'Send the answer' }).click();
    await expect(operator.getByText('Answered', { exact: true })).toBeVisible();
    await operatorContext.close();

    // The client's next load of the dashboard shows the answer waiting.
    await visit(page, '/dashboard/accounts');
    await page.reload();
    const messages = sidebar(page).getByRole('link', { name: /^Messages/ });
    await expect(messages).toContainText('1');
    await messages.click();
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Statement for our auditors' });
    await expect(row).toContainText('New answer');
    await row.getByRole('link').click();
    await expect(
      page.getByText('Download it under Statements; a signed letter follows by post.'),
    ).toBeVisible();
    // Opening it marks the answer read: the badge goes.
    await expect(messages.locator('.mantine-Badge-root')).toHaveCount(0);
    await page.getByLabel('Your reply').fill('Thank you!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('ticket-message')).toHaveCount(3);
    await expect(page.getByText('Waiting for support')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a statement of the last three months adds up to the balance, and downloads as CSV', async ({
    page,
    consoleErrors,
  }) => {
    await logIn(page, BUSINESS);
    const [account] = await apiAccounts(page);
    if (!account) throw new Error('the business demo client has no account');
    await visit(page, `/dashboard/statements?account=${account.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
    await expect(page.getByTestId('statement-closing')).toHaveText(
      money(account.balance, account.currency.exponent, account.currency.code),
    );
    const csv = await page.getByTestId('statement-download-csv').getAttribute('href');
    const download = await page.request.get(csv ?? '');
    expect(download.status()).toBe(200);
    expect(await download.text()).toMatch(
      /^\ufeffType,Date,Booked at,Description,Counterparty,Reference,Amount,Balance,Currency,Id,Account\r\n/,
    );
    // A reversed period is refused on the form, before any call.
    await page.getByLabel('From', { exact: true }).fill('31-12-2026');
    await page.getByLabel('To', { exact: true }).fill('01-01-2026');
    await expect(page.getByText('The end date is before the start date')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('Settings lists every profile page, and each section passes axe at 375 px', async ({ page }) => {
    await logIn(page, BUSINESS);
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, '/dashboard/settings');
    for (const name of [
      'Contacts',
      'Security and log-in codes',
      'Password',
      'Identification',
      'Company information',
      'Related persons',
      'Close your account',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    for (const path of ['/dashboard/settings', '/dashboard/tickets', '/dashboard/statements']) {
      await visit(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

test('a new conversation carries a file, and a file over 10 MB is refused before anything is sent', async ({
  page,
}) => {
  await logIn(page, BUSINESS);
  await visit(page, '/dashboard/tickets/new');
  await page.getByLabel('Subject').fill('Our signed mandate');
  await page.getByLabel('Your message').fill('The signed mandate is attached.');
  await chooseFile(page, /^Attach a file/, 'mandate.png', PNG, 'image/png');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our signed mandate' })).toBeVisible();
  await expect(page.getByRole('link', { name: /mandate\.png/ })).toBeVisible();

  // A reply with a file too large: said under the picker, and the reply is not sent without it.
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/client\/tickets\/[^/]+\/messages$/.test(request.url())) sent++;
  });
  await page.getByLabel('Your reply').fill('And the appendix.');
  await chooseFile(
    page,
    /^Attach a file/,
    'appendix.pdf',
    Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
    'application/pdf',
  );
  await expect(page.getByText('The file is too large: 10MB at most')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The file is too large: 10MB at most')).toBeVisible();
  expect(sent).toBe(0);
  await expect(page.getByLabel('Your reply')).toHaveValue('And the appendix.');
});
