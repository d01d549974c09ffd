import { expect, seriousViolations, test } from '../fixtures';
import { apiAccounts, logIn, money, PRIVATE, rewrite, sidebar, visit } from '../support/dashboard';

// docs/requirements/accounts.md: the client dashboard in the browser against the real server and
// its demo data.
test.describe('an approved client', () => {
  test.describe.configure({ timeout: 90_000 });
  test('sees its accounts with the balances the API holds, and every section open', async ({
    page,
    consoleErrors,
  }) => {
    await logIn(page, PRIVATE);
    await visit(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeVisible();
    const accounts = await apiAccounts(page);
    expect(accounts.map((account) => account.currency.code)).toEqual(expect.arrayContaining(['EUR', 'GBP']));
    for (const account of accounts) {
      const row = page
        .getByTestId('account-row')
        .filter({ hasText: `${account.name} (${account.currency.code})` });
      await expect(row.getByTestId('account-balance')).toHaveText(
        money(account.balance, account.currency.exponent, account.currency.code),
      );
    }
    expect(accounts.some((account) => account.balance > 0)).toBe(true);
    for (const name of ['Home', 'Payments', 'Statements', 'Messages', 'Recipients', 'Settings']) {
      await expect(sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveText('A');
    expect(consoleErrors).toEqual([]);
  });

  test('opens an account in a second currency', async ({ page }) => {
    await logIn(page, PRIVATE);
    await visit(page, '/dashboard/accounts');
    const before = await apiAccounts(page);
    await page.getByRole('button', { name: 'Open an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open an account in another currency' });
    const currency = dialog.getByLabel('Currency');
    // The options render with the dialog: wait for them before reading the list at once.
    await expect(currency.locator('option[value="USD"]')).toHaveCount(1);
    const offered = await currency
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).not.toContain('EUR');
    expect(offered).toContain('USD');
    await currency.selectOption('USD');
    await dialog.getByLabel('Account name (optional)').fill('Travel');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await expect(page).toHaveURL(/#\/dashboard\/accounts\/done\?account=/);
    await expect(page.getByRole('status').filter({ hasText: 'Your USD account is open.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to your accounts' }).click();
    const row = page.getByTestId('account-row').filter({ hasText: 'Travel (USD)' });
    await expect(row.getByTestId('account-balance')).toHaveText('0.00 USD');
    const after = await apiAccounts(page);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((account) => account.currency.code === 'USD')?.name).toBe('Travel');
  });

  test("shows an account's bank details, its PDF and its lines with the running balance", async ({
    page,
  }) => {
    await logIn(page, PRIVATE);
    const gbp = (await apiAccounts(page)).find((account) => account.currency.code === 'GBP');
    if (!gbp) throw new Error('the demo client has no GBP account');
    await visit(page, '/dashboard/accounts');
    await page.getByTestId('account-row').filter({ hasText: '(GBP)' }).click();
    await expect(page).toHaveURL(new RegExp(`#/dashboard/accounts/${gbp.id}$`));
    const details = (await (await page.request.get(`/api/client/accounts/${gbp.id}`)).json()).data;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${gbp.name} (GBP)`);
    await expect(page.getByTestId('detail-IBAN')).toHaveText(details.iban.replace(/(.{4})(?=.)/g, '$1 '));
    await expect(page.getByTestId('detail-BIC')).toHaveText(details.bic);
    await expect(page.getByTestId('detail-Sort code')).toHaveText(
      details.sort_code.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3'),
    );
    await expect(page.getByTestId('detail-Account number')).toHaveText(details.account_number);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy IBAN' }).click();
    await expect(page.getByRole('button', { name: 'IBAN copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(details.iban);

    const pdfLink = page.getByRole('link', { name: 'Download the account details (PDF)' });
    const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href')) ?? '', page.url()).href);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const rows = page.getByTestId('transaction-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBe(details.transactions.data.length);
    // Newest first: the top line's balance after is the account's balance.
    await expect(rows.first().locator('td').nth(3)).toHaveText(money(details.balance, 2, 'GBP'));
  });

  test('reads and scrolls its notifications; the bell turns grey once they are viewed', async ({ page }) => {
    await logIn(page, PRIVATE);
    const total = (await (await page.request.get('/api/client/notifications?limit=20&page=1')).json()).meta
      .total;
    expect(total).toBeGreaterThan(20);
    await visit(page, '/dashboard/accounts');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-unviewed', 'true');
    await expect(bell).toHaveAccessibleName('Notifications, new ones waiting');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toHaveAttribute('data-viewed', 'false');
    await expect(items.first().locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(bell).toHaveAttribute('data-unviewed', 'false');
    // Scrolling to the bottom loads the next page.
    await page.getByTestId('notifications-panel').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect(items).toHaveCount(Math.min(total, 40));
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await bell.click();
    await expect(items.first()).toHaveAttribute('data-viewed', 'true');
    const unviewed = (await (await page.request.get('/api/client/notifications/unviewed')).json()).data;
    expect(unviewed).toEqual([]);
  });

  test('sees the Messages badge (99+) and the red mark on Settings', async ({ page }) => {
    await logIn(page, PRIVATE);
    await rewrite(page, '**/api/client/data', (body) => {
      body.data.unread_tickets_count = 150;
    });
    await rewrite(page, '**/api/client/update_require', (body) => {
      body.data.address_require = true;
    });
    await visit(page, '/dashboard/accounts');
    await expect(sidebar(page).getByRole('link', { name: /^Messages/ })).toContainText('99+');
    await expect(sidebar(page).getByTestId('settings-attention')).toBeVisible();
  });

  test('without unread tickets or open requests there is no badge and no mark', async ({ page }) => {
    await logIn(page, PRIVATE);
    await visit(page, '/dashboard/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: /^Messages/ })).toHaveText('Messages');
    await expect(sidebar(page).getByTestId('settings-attention')).toHaveCount(0);
  });

  test('shares its referral link', async ({ page }) => {
    await logIn(page, PRIVATE);
    await visit(page, '/dashboard/referral');
    await expect(page.getByRole('heading', { level: 1, name: 'Invite friends' })).toBeVisible();
    await expect(page.getByTestId('detail-Your referral link')).toContainText('referral=DEMO-ALEX');
  });

  test('works at 375 px: the menu sits under the burger, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await logIn(page, PRIVATE);
    for (const path of ['/dashboard/accounts', '/dashboard/referral']) {
      await visit(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    const accounts = await apiAccounts(page);
    await visit(page, `/dashboard/accounts/${accounts[0]?.id}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('link', { name: /^Home/ }).click();
    await expect(page).toHaveURL(/#\/dashboard\/accounts$/);
    await expect(sidebar(page)).toBeHidden();
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, PRIVATE);
    const found: string[] = [];
    const accounts = await apiAccounts(page);
    for (const path of [
      '/dashboard/accounts',
      `/dashboard/accounts/${accounts[0]?.id}`,
      '/dashboard/referral',
    ]) {
      await visit(page, path);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
    }
    await page.getByTestId('notification-bell').click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first(),
    ).toBeVisible();
    found.push(...(await seriousViolations(page)).map((violation) => `notifications ${violation}`));
    expect(found).toEqual([]);
  });

  test('logs out from the user menu', async ({ page }) => {
    await logIn(page, PRIVATE, { fresh: true });
    await visit(page, '/dashboard/accounts');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/(en)?$/);
    expect((await page.request.get('/api/auth/login_check')).status()).toBe(401);
  });
});

test.describe('a client not yet approved', () => {
  test.describe.configure({ timeout: 90_000 });
  test('finds Payments, Statements and Recipients disabled', async ({ page }) => {
    // The seeded client waiting for review (README, demo users): a real unapproved session.
    await logIn(page, 'pending@demo.test');
    await visit(page, '/dashboard/accounts');
    for (const name of ['Payments', 'Statements', 'Recipients']) {
      await expect(sidebar(page).getByRole('button', { name: new RegExp(`^${name}`) })).toBeDisabled();
      await expect(sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) })).toHaveCount(0);
    }
    for (const name of ['Home', 'Messages', 'Settings']) {
      await expect(sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) })).toBeEnabled();
    }
    await expect(page.getByRole('button', { name: 'Open an account' })).toHaveCount(0);
  });
});

// docs/error-catalogue.md, row by row, with the API made to fail that way for one call.
