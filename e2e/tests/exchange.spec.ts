import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';
import { apiAccounts, logIn, money, PRIVATE, visit } from '../support/dashboard';
import { operatorLogIn } from '../support/operator-session';

// docs/requirements/exchange.md: the approved demo client opens a USD account, exchanges 100 EUR
// to GBP within the quote's countdown, and gets a new quote after one expired; at 375 px too.

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

async function openUsdAccount(page: Page) {
  // Another journey may have opened it already: an empty account closes, so this one opens it.
  const held = (await apiAccounts(page)).find((account) => account.currency.code === 'USD');
  if (held) expect((await page.request.post(`/api/client/accounts/${held.id}/close`)).status()).toBe(200);
  await visit(page, '/dashboard/accounts');
  await page.getByRole('button', { name: 'Open an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open an account in another currency' });
  await expect(dialog.getByLabel('Currency').locator('option[value="USD"]')).toHaveCount(1);
  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/accounts\/done\?account=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account opened' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your USD account is open.' })).toBeVisible();
  await expect(page.getByTestId('account-balance')).toHaveText('0.00 USD');
}

async function quote100EurToGbp(page: Page) {
  const accounts = await apiAccounts(page);
  const eur = accounts.find((account) => account.currency.code === 'EUR');
  const gbp = accounts.find((account) => account.currency.code === 'GBP');
  if (!eur || !gbp) throw new Error('the demo client has no EUR or GBP account');
  await visit(page, '/dashboard/accounts');
  await page.getByRole('link', { name: 'Exchange', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exchange currency' })).toBeVisible();
  await page.getByLabel('From account').selectOption(eur.id);
  await page.getByLabel('To account').selectOption(gbp.id);
  await page.getByLabel('You sell (EUR)').fill('100');
  // Before any quote: the price at the latest market rate, labelled indicative, markup included.
  await expect(page.getByTestId('exchange-indicative')).toContainText('Indicative');
  await expect(page.getByTestId('indicative-markup')).toHaveText('1.00 EUR');
  await expect(page.getByTestId('indicative-buy')).toContainText('GBP');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/accounts\/exchange\/[0-9a-f-]{36}\/confirm$/);
  const exchange = /exchange\/([0-9a-f-]{36})\/confirm/.exec(page.url())?.[1] ?? '';
  return { eur, gbp, exchange };
}

test.describe('currency exchange', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const width of [1280, 375]) {
    test(`opens a USD account and exchanges 100 EUR to GBP at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await logIn(page, PRIVATE);
      await openUsdAccount(page);
      if (width === 375) await noSidewaysScroll(page);
      const { eur, gbp } = await quote100EurToGbp(page);
      await expect(page.getByTestId('quote-sell')).toContainText('100.00 EUR');
      await expect(page.getByTestId('quote-fee')).toContainText('1.00 EUR');
      await expect(page.getByTestId('quote-countdown')).toContainText(/holds for \d+ more seconds?/);
      const id = /exchange\/([0-9a-f-]{36})\/confirm/.exec(page.url())?.[1] ?? '';
      const quoted = (await (await page.request.get(`/api/client/exchanges/${id}`)).json()).data;
      if (width === 375) await noSidewaysScroll(page);
      await page.getByRole('button', { name: 'Confirm exchange' }).click();
      await expect(page).toHaveURL(new RegExp(`exchange/${id}/result$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Exchange done' })).toBeVisible();
      await expect(page.getByTestId('exchange-status')).toHaveText('Completed');
      await expect(page.getByTestId('exchange-summary')).toContainText(money(quoted.buy_amount, 2, 'GBP'));
      if (width === 375) await noSidewaysScroll(page);
      const after = await apiAccounts(page);
      expect(after.find((account) => account.id === eur.id)?.balance).toBe(eur.balance - 10_000);
      expect(after.find((account) => account.id === gbp.id)?.balance).toBe(gbp.balance + quoted.buy_amount);
      await page.getByRole('link', { name: 'Go to your GBP account' }).click();
      await expect(page.getByTestId('account-balance').first()).toHaveText(
        money(gbp.balance + quoted.buy_amount, 2, 'GBP'),
      );
    });
  }

  test('has no serious or critical accessibility violations on the exchange pages', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, PRIVATE);
    const found: string[] = [];
    const check = async (where: string) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      found.push(...(await seriousViolations(page)).map((violation) => `${where} ${violation}`));
    };
    await quote100EurToGbp(page);
    await check('confirm');
    await page.getByRole('button', { name: 'Confirm exchange' }).click();
    await expect(page.getByTestId('exchange-status')).toHaveText('Completed');
    await check('result');
    await visit(page, '/dashboard/accounts/exchange');
    await expect(page.getByRole('heading', { level: 2, name: /over 30 days/ })).toBeVisible();
    await expect(page.getByTestId('rate-chart-latest')).toHaveText(/the latest is of \d{2}-\d{2}-\d{4}\.$/);
    await check('exchange');
    expect(found).toEqual([]);
  });

  test('says before any quote when the account cannot pay for the exchange, and asks for none', async ({
    page,
  }) => {
    await logIn(page, PRIVATE);
    const accounts = await apiAccounts(page);
    const eur = accounts.find((account) => account.currency.code === 'EUR');
    const gbp = accounts.find((account) => account.currency.code === 'GBP');
    if (!eur || !gbp) throw new Error('the demo client has no EUR or GBP account');
    await visit(page, '/dashboard/accounts/exchange');
    await page.getByLabel('From account').selectOption(eur.id);
    await page.getByLabel('To account').selectOption(gbp.id);
    let quotes = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client/exchanges/quote')) quotes += 1;
    });
    await page.getByLabel('You sell (EUR)').fill(String(Math.floor(eur.balance / 100) + 1));
    await expect(page.getByTestId('exchange-uncovered')).toContainText('Not enough money');
    const button = page.getByRole('button', { name: 'Get a quote' });
    await expect(button).toBeDisabled();
    await page.getByLabel('You sell (EUR)').press('Enter');
    await page.getByLabel('You sell (EUR)').fill('100');
    await expect(page.getByTestId('exchange-uncovered')).toHaveCount(0);
    await expect(button).toBeEnabled();
    expect(quotes).toBe(0);
  });

  test('lets a quote run out and gets a new one', async ({ page }) => {
    await page.clock.install();
    await logIn(page, PRIVATE);
    await quote100EurToGbp(page);
    const first = page.url();
    await expect(page.getByTestId('quote-countdown')).toBeVisible();
    await page.clock.fastForward('00:31');
    await expect(page.getByText('This quote has expired.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm exchange' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Get a new quote' }).click();
    await expect(page).not.toHaveURL(first);
    await expect(page).toHaveURL(/#\/dashboard\/accounts\/exchange\/[0-9a-f-]{36}\/confirm$/);
    await expect(page.getByTestId('exchange-status')).toHaveText('Quoted');
    await expect(page.getByRole('button', { name: 'Confirm exchange' })).toBeVisible();
  });
});

test.describe('the FX desk', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a payments operator finds the exchange, the position it opened and the income', async ({ page }) => {
    await logIn(page, PRIVATE);
    const id = await quote100EurToGbp(page);
    await page.getByRole('button', { name: 'Confirm exchange' }).click();
    await expect(page.getByTestId('exchange-status')).toHaveText('Completed');
    await page.context().clearCookies();
    await operatorLogIn(page, 'payments@demo.test');
    await page.goto('/backoffice.html#/exchanges?status=completed&currency=GBP');
    await expect(page.getByRole('heading', { level: 1, name: 'Currency exchanges' })).toBeVisible();
    await expect(page.locator(`[data-exchange-id="${id.exchange}"]`)).toContainText('Completed');
    await page.goto('/backoffice.html#/fx-desk');
    await expect(page.getByRole('heading', { level: 1, name: 'FX desk' })).toBeVisible();
    await expect(page.getByTestId('fx-position').getByRole('row').filter({ hasText: 'GBP' })).toContainText(
      'Short',
    );
    await expect(
      page.getByTestId('fx-income').getByRole('row').filter({ hasText: 'EUR' }).first(),
    ).toBeVisible();
    await expect(page.getByTestId('fx-history')).toBeVisible();
  });
});
