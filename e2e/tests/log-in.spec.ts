import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';
import { newCode, noSideways, outboxSize } from '../support/onboarding';
import { DEMO_PASSWORD } from '../support/operator-session';

// The log-in page and the session around it: the one error for any cause, the idle dialog,
// and the public onboarding pages' accessibility at desktop and phone widths.

test('log-in errors read the same for any cause, and the dashboard needs a session', async ({ page }) => {
  await page.goto('/#/en/login');
  await page.getByLabel('E-mail address').fill('nobody@example.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('The e-mail, password or code is not correct.');

  // The dashboard without a session goes to the site root; a page deeper in it (a link kept from
  // an expired session) to the log-in page, which returns there.
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/en$/);
  await page.goto('/#/dashboard/address');
  await expect(page).toHaveURL(/#\/en\/login\?next=%2Fdashboard%2Faddress$/);
});

/** Logs in through the page, as a person does. */
async function logInByPage(page: Page, request: APIRequestContext) {
  await page.getByLabel('E-mail address').fill('private@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const before = await outboxSize(request, 'private@demo.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await newCode(request, 'private@demo.test', before);
  await page.getByRole('textbox', { name: /Code from the/ }).fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('the idle dialog extends the session; five quiet minutes log out, and the log-in returns to the half-typed form', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto('/#/en/login');
  await logInByPage(page, request);
  await expect(page).toHaveURL(/#\/dashboard/);
  await page.goto('/#/dashboard/tickets/new');
  // Every call of the first load counts as activity; the quiet minutes start after the last. The
  // hash router moves within one document, so only a real load makes 'networkidle' wait for them.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write to support');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Subject').fill('Card for my daughter');

  await page.clock.fastForward('04:05');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('05:05');
  await expect(page).toHaveURL(/#\/en\/login\?next=%2Fdashboard%2Ftickets%2Fnew$/);
  await expect(page.getByText('You were logged out after 5 minutes without activity.')).toBeVisible();
  await logInByPage(page, request);
  await expect(page).toHaveURL(/#\/dashboard\/tickets\/new$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Card for my daughter');
});

test('the log-in and sign-up pages pass axe and fit 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/login', '/private-account', '/business-account', '/confirm', '/restore']) {
      await page.goto(`/#/en${path}`);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await noSideways(page, `${path} at ${width} px`);
      if (width === 1280)
        found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
    }
  }
  expect(found).toEqual([]);
});
