import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { logIn, PRIVATE, visit } from '../support/dashboard';
import { operatorLogIn } from '../support/operator-session';

// The frames every page sits in: the skip link moves focus without touching the hash route, the
// phone menu of the public site reaches every page, the account menu keeps "close" away from
// "log out", log-out says it happened, and amounts never wrap inside themselves.

/** Tabs to the skip link, follows it, and answers the URL and the focused element's id after. */
async function followSkipLink(page: Page) {
  const before = page.url();
  await page.keyboard.press('Tab');
  const link = page.getByRole('link', { name: 'Skip to main content' });
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  expect(page.url()).toBe(before);
}

test('the public skip link moves focus to the page, not to a not-found route', async ({ page }) => {
  await page.goto('/#/en/fees');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await followSkipLink(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
});

test('the skip link of a prerendered page works before the app has loaded', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors({
    text: /Failed to load resource/,
    at: /\/assets\//,
    reason: "the journey keeps the app's modules from loading, as a slow link would",
  });
  // Only the HTML and its first script: the app's modules never arrive, as on a slow link.
  await page.route(/\/assets\/(?!prerender-gate-).*\.js$/, (route) => route.abort());
  for (const path of ['/en', '/en/login']) {
    await page.goto(`/?first-byte=${path.length}#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await followSkipLink(page);
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
  }
});

test('the dashboard and the back office have a skip link that works the same', async ({ page }) => {
  await logIn(page, PRIVATE);
  await visit(page, '/dashboard/accounts');
  await page.locator('body').focus();
  await followSkipLink(page);
  await operatorLogIn(page, 'support@demo.test');
  await page.locator('body').focus();
  await followSkipLink(page);
});

test('the phone menu of the public site carries every page the footer links to', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/#/en');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Main navigation' });
  for (const name of [
    'Log in',
    'Sign up',
    'Business account',
    'Private accounts',
    'Fees',
    'FAQ',
    'About us',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Fees', exact: true }).click();
  await expect(page).toHaveURL(/#\/en\/fees$/);
});

test('the account menu keeps closing the account away from log-out, and log-out says it is done', async ({
  page,
}) => {
  await logIn(page, PRIVATE, { fresh: true });
  await visit(page, '/dashboard/accounts');
  await page.getByRole('button', { name: /^Account menu for / }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['Settings', 'Log out']);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You have logged out. See you soon.')).toBeVisible();
  await expect(page).toHaveURL(/#\/en\/?$/);
});

test('an amount never wraps inside itself: its spaces do not break', async ({ page }) => {
  await logIn(page, PRIVATE);
  await page.setViewportSize({ width: 375, height: 800 });
  await visit(page, '/dashboard/accounts');
  const balance = page.getByTestId('account-balance').first();
  await expect(balance).toBeVisible();
  const text = (await balance.textContent()) ?? '';
  expect(text).toMatch(/\u00a0[A-Z]{3}$/);
  expect(text).not.toContain(' ');
});

test('the example phone number of the sign-up form passes the form’s own check', async ({ page }) => {
  await page.goto('/#/en/private-account');
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  const example = await phone.getAttribute('placeholder');
  expect(example).toBeTruthy();
  await phone.fill(example ?? '');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Phone must be a valid phone number')).toHaveCount(0);
});

test('on a phone the payments list folds its filters behind one button, and badges fit', async ({ page }) => {
  await logIn(page, PRIVATE);
  await page.setViewportSize({ width: 375, height: 800 });
  await visit(page, '/dashboard/payments');
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  const cut = await page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length);
  expect(cut).toBe(0);
});
