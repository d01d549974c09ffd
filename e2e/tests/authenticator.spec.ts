import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// The authenticator app in the browser: a client of its own (signed up here, so no other
// test's client changes factor) sets up the app on the Contacts page with the password and an
// e-mailed step-up code, reads the key off the page, proves it with a first code, and logs in
// again with a code computed from that key, as the app would; then goes back to e-mailed codes
// with the app's code as the step-up.
const PASSWORD = 'Strong-pass-1';
const run = Date.now().toString(36);
const EMAIL = `tess-${run}@authenticator.test`;
const PHONE = `+4479110${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
const STEP_MS = 30_000;

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totp(secretBase32: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / STEP_MS)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Waits until the app shows a code of a later 30-second step than `used`. */
async function nextStep(page: Page, used: number) {
  const wait = (used + 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 500);
}

type Message = { id: string; text: string };
async function outbox(request: APIRequestContext, to: string): Promise<Message[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data;
}

/** The code of the newest message to `to` that arrived after `afterId`. */
async function newCode(request: APIRequestContext, to: string, afterId: string | undefined) {
  let code = '';
  await expect
    .poll(async () => {
      const [newest] = await outbox(request, to);
      if (!newest || newest.id === afterId) return '';
      code = /\b(\d{6})\b/.exec(newest.text)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Signs up and confirms the e-mail through the API, then logs the page in (e-mailed code). */
async function freshClientLoggedIn(page: Page, request: APIRequestContext) {
  const signUp = await request.post('/api/auth/signup/private', {
    data: {
      first_name: 'Tess',
      last_name: 'Token',
      email: EMAIL,
      phone: PHONE,
      country: 'GB',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      altcha: '',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  const hash = /hash=([\w-]+)/.exec((await outbox(request, EMAIL))[0]?.text ?? '')?.[1];
  expect((await request.post('/api/auth/confirm_email', { data: { hash } })).status()).toBe(200);
  const before = (await outbox(request, EMAIL))[0]?.id;
  const step1 = await page.request.post('/api/auth/login', { data: { email: EMAIL, password: PASSWORD } });
  expect(step1.status(), await step1.text()).toBe(200);
  const { challenge_id } = (await step1.json()).data;
  const code = await newCode(request, EMAIL, before);
  const step2 = await page.request.post('/api/auth/login/verify', { data: { challenge_id, code } });
  expect(step2.status(), await step2.text()).toBe(200);
}

test('a client sets up an authenticator app, logs in with its code and goes back to e-mailed codes', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  await freshClientLoggedIn(page, request);
  await page.goto('/#/dashboard/settings/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  const setup = page.getByRole('form', { name: 'Authenticator app' });
  await setup.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  const before = (await outbox(request, EMAIL))[0]?.id;
  await setup.getByRole('button', { name: 'Send me a code by e-mail' }).click();
  await setup.getByLabel('Confirmation code').fill(await newCode(request, EMAIL, before));
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
  await expect(page.getByText(/^Done\. Your log-in and payment codes now come from/)).toBeVisible();
  await expect(page.getByText('Your log-in codes come from your authenticator app.')).toBeVisible();
  // The way back to e-mail or SMS codes asks for the app's code.
  await expect(page.getByText('Send my log-in codes instead')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my authenticator app' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/en$/);

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

  // Back to e-mailed codes, with the app's code as the step-up.
  await page.goto('/#/dashboard/settings/contacts');
  await expect(page.getByText('Your log-in codes come from your authenticator app.')).toBeVisible();
  await page.getByRole('radio', { name: 'By e-mail' }).check();
  await page.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  await page.getByRole('button', { name: 'Use my authenticator app' }).click();
  await nextStep(page, loginStep);
  await page.getByLabel('Confirmation code').fill(totp(secret));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. We have e-mailed you about the change.')).toBeVisible();
  await expect(page.getByText('Your log-in codes come by e-mail.')).toBeVisible();
  expect(consoleErrors.filter((text) => !/status of 422/.test(text))).toEqual([]);
});
