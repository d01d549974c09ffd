import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';

/**
 * Holds the app's start chunk back: a prerendered page is on screen, but nothing hydrates until
 * the returned function lets it through.
 */
async function holdAppStart(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('the public site', () => {
  test('the landing page has the header links and the footer', async ({ page, consoleErrors }) => {
    await page.goto('/#/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Business account' })).toHaveAttribute(
      'href',
      '#/en/business-account',
    );
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '#/en/login');
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '#/en/private-account',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('regulatory-statement')).toContainText('Financial Conduct Authority');
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '#/en/privacy',
    );
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '#/en/terms-and-conditions',
    );
    await expect(footer).toContainText('Monday to Friday, 10am to 5pm');
    await expect(page).toHaveTitle(/Bluepeak/);
    expect(consoleErrors).toEqual([]);
  });

  test('a link followed before the code has loaded opens its page without a hydration error', async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdAppStart(page);
    await page.goto('/#/en');
    await page.getByRole('banner').getByRole('link', { name: 'Business account' }).click();
    await expect(page).toHaveURL(/#\/en\/business-account$/);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Open a business account' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the home page fetches the app on the first intent; a tap or choice made before it is ready still counts', async ({
    page,
    consoleErrors,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const release = await holdAppStart(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/#/en');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/(start|client|theme|home-page)-/.test(path))).toEqual([]);

    // The burger is tapped while the app is still on its way: the menu opens once it is ready.
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the log-in page is prerendered: what is typed and sent before the app is ready counts, and nothing lands in the URL', async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdAppStart(page);
    await page.goto('/#/en/login');
    await expect(page).toHaveTitle('Log in | Bluepeak');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('early@example.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The unhydrated form was not sent natively (that would put the password in the URL).
    expect(page.url()).toMatch(/\/#\/en\/login$/);
    release();
    await expect(page.getByTestId('login-error')).toHaveText('The e-mail, password or code is not correct.');
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('early@example.test');
    expect(page.url()).not.toContain('Wrong-pass-1');
    expect(consoleErrors).toEqual([]);
  });

  test('the German home page is prerendered like the English one and hydrates in German', async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdAppStart(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/#/de');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-prerender', 'fresh');
    await expect(html).toHaveAttribute('data-prerender-path', '/de');
    await expect(html).toHaveAttribute('lang', 'de-DE');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    release();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Anmelden' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the German log-in page is prerendered too', async ({ page }) => {
    await holdAppStart(page);
    await page.goto('/#/de/login');
    await expect(page.locator('html')).toHaveAttribute('data-prerender-path', '/de/login');
    await expect(page).toHaveTitle('Anmelden | Bluepeak');
  });

  test('a language chosen on the home page before the app is ready switches the page', async ({ page }) => {
    await page.goto('/#/en');
    await page.waitForLoadState('networkidle');
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('de');
    await expect(page).toHaveURL(/#\/de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  });

  for (const path of ['/#/', '/#/no-such-page', '/#/dev/mailbox']) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('works at 375 px with the mobile menu and no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/#/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    for (const name of ['Business account', 'Log in', 'Sign up'])
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });

  test('an unknown route shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/#/no-such-page');
    await expect(page).toHaveURL(/#\/en\/no-such-page$/);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/#\/en$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page could not be found');
  });
});
