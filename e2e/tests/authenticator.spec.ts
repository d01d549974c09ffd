import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CLIENT_PASSWORD as PASSWORD, signedUpClient } from '../support/new-client';
import { uniquePhone } from '../support/onboarding';
import { newestCode, newestMessageId } from '../support/operator-session';
import { TOTP_STEP_MS as STEP_MS, totp } from '../support/totp';

// The authenticator app in the browser: a client of its own (signed up here, so no other
// test's client changes factor) sets up the app on the Security page with the password and an
// e-mailed step-up code, reads the key off the page, proves it with a first code, saves the
// recovery codes shown once (downloaded, then acknowledged), and logs in again with a code
// computed from that key, as the app would, and once with a recovery code instead; then goes
// back to e-mailed codes with the app's code as the step-up.
const run = Date.now().toString(36);
const EMAIL = `tess-${run}@authenticator.test`;
const PHONE = uniquePhone();

/** Waits until the app shows a code of a later 30-second step than `used`. */
async function nextStep(page: Page, used: number) {
  const wait = (used + 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 500);
}

/** Log-out is a button in the onboarding steps' frame, and in the account menu of the dashboard's (Settings). */
async function logOut(page: Page) {
  const button = page.getByRole('button', { name: 'Log out' });
  const menu = page.getByRole('button', { name: /^Account menu for / });
  await expect(button.or(menu)).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  } else await button.click();
  await expect(page).toHaveURL(/#\/(en)?$/);
}

/** Signs up and confirms the e-mail through the API, then logs the page in (e-mailed code). */
async function freshClientLoggedIn(page: Page, request: APIRequestContext) {
  await signedUpClient(request, { first: 'Tess', last: 'Token', email: EMAIL, phone: PHONE });
  const before = await newestMessageId(request, EMAIL);
  const step1 = await page.request.post('/api/auth/login', { data: { email: EMAIL, password: PASSWORD } });
  expect(step1.status(), await step1.text()).toBe(200);
  const { challenge_id } = (await step1.json()).data;
  const code = await newestCode(request, EMAIL, before);
  const step2 = await page.request.post('/api/auth/login/verify', { data: { challenge_id, code } });
  expect(step2.status(), await step2.text()).toBe(200);
}

test('a client sets up an authenticator app, logs in with its code and goes back to e-mailed codes', async ({
  page,
  request,
  consoleErrors,
  expectConsoleErrors,
}) => {
  test.setTimeout(150_000);
  expectConsoleErrors({
    text: /status of 422 /,
    at: /\/api\/client\/totp\/confirm/,
    reason: 'the journey types a wrong code on purpose, and the API refuses it with a 422',
  });
  await freshClientLoggedIn(page, request);
  await page.goto('/#/dashboard/settings/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security and log-in codes' })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  const setup = page.getByRole('form', { name: 'Authenticator app' });
  await setup.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  const before = await newestMessageId(request, EMAIL);
  await setup.getByRole('button', { name: 'Send me a code by e-mail' }).click();
  await setup.getByLabel('Confirmation code').fill(await newestCode(request, EMAIL, before));
  await setup.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('img', { name: 'QR code that adds your account to your authenticator app' }),
  ).toBeVisible();
  const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(shown, 'the key in blocks of four').toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shown.replaceAll(' ', '');

  // A wrong code: the API's refusal stays on the form, the set-up goes on.
  const codeField = page.getByLabel('3. The 6-digit code your app shows now');
  await codeField.fill(totp(secret, Date.now() - 20 * STEP_MS));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not correct or has expired.');

  const confirmStep = Math.floor(Date.now() / STEP_MS);
  await codeField.fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The recovery codes, shown this once: the page moves on only once the client says they are saved.
  await expect(page.getByText('Save your recovery codes now')).toBeVisible();
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a text file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-recovery-codes\.txt$/);
  const file = await readFile((await download.path()) ?? '', 'utf8');
  for (const code of codes) expect(file).toContain(code);
  const saved = page.getByRole('button', { name: 'Done', exact: true });
  await expect(saved).toBeDisabled();
  await page.getByLabel('I have saved my recovery codes').check();
  await saved.click();
  await expect(page.getByText(/^Done\. Your log-in and payment codes now come from/)).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('10 unused recovery codes left.');
  await expect(page.getByText('Your log-in codes come from your authenticator app.')).toBeVisible();
  // The way back to e-mail or SMS codes asks for the app's code.
  await expect(page.getByText('Send my log-in codes instead')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my authenticator app' })).toBeVisible();

  await logOut(page);

  await page.goto('/#/en/login');
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A code is accepted once: the log-in waits for the app's next one.
  await nextStep(page, confirmStep);
  const loginStep = Math.floor(Date.now() / STEP_MS);
  await page.getByRole('textbox', { name: /Code from the/ }).fill(totp(secret));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/dashboard/);
  expect((await page.request.get('/api/auth/login_check')).status()).toBe(200);

  // Without the app: a recovery code, typed as a person would, logs in once.
  await logOut(page);
  await page.goto('/#/en/login');
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill((codes[0] ?? '').toLowerCase());
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/dashboard/);

  // Back to e-mailed codes, with the app's code as the step-up.
  await page.goto('/#/dashboard/settings/security');
  await expect(page.getByText('Your log-in codes come from your authenticator app.')).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('9 unused recovery codes left.');
  await page.getByRole('radio', { name: 'By e-mail' }).check();
  await page.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  await page.getByRole('button', { name: 'Use my authenticator app' }).click();
  await nextStep(page, loginStep);
  await page.getByLabel('Confirmation code').fill(totp(secret));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. We have e-mailed you about the change.')).toBeVisible();
  await expect(page.getByText('Your log-in codes come by e-mail.')).toBeVisible();
  // Leaving the app took its recovery codes with it.
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toHaveCount(0);
  expect(consoleErrors.filter((text) => !/status of 422/.test(text))).toEqual([]);
});
