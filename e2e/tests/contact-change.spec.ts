import { expect, seriousViolations, test } from '../fixtures';
import { CLIENT_PASSWORD as PASSWORD, signedUpClient } from '../support/new-client';
import { logIn, messageTo, newCode, outboxSize, stepUp, uniquePhone } from '../support/onboarding';

// Changing the log-in e-mail address on the Contacts page at phone width, by keyboard where a
// person would type: a client of its own (signed up here, so no other journey's client changes)
// gives the new address with the password and an e-mailed step-up code, types the code sent to
// the new address, sees the new address on the page, and then logs in with it, not the old one.
const run = Date.now().toString(36);
const OLD = `ezra-${run}@contacts.test`;
const NEW = `ezra-new-${run}@contacts.test`;

test('a client changes the log-in e-mail address with a code sent to the new one', async ({
  page,
  request,
  browser,
  server,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signedUpClient(request, { first: 'Ezra', last: 'Mail', email: OLD, phone: uniquePhone() });
  await page.goto('/#/en/login');
  await logIn(page, request, OLD);
  // A NEW client lands on the phone check; Contacts stays open to it (the verification menu).
  await expect(page).toHaveURL(/#\/dashboard\/phone-verification$/);

  await page.goto('/#/dashboard/settings/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Change the log-in e-mail address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your log-in e-mail address' });
  await expect(dialog.getByLabel('New e-mail address')).toBeFocused();
  await page.keyboard.type(NEW);
  await dialog.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  await stepUp(page, request, OLD, 'Send me a code by e-mail');
  const before = await outboxSize(request, NEW);
  await dialog.getByRole('button', { name: 'Send a code to the new address' }).click();
  await expect(dialog.getByText(`We have e-mailed a code to ${NEW}.`, { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(await newCode(request, NEW, before));
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Change the e-mail address' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^Done\. From now on you log in with your new e-mail address/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Back to my contact details' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(NEW)).toBeVisible();
  await expect(page.getByText(OLD)).toHaveCount(0);
  expect((await messageTo(request, OLD, /log-in e-mail address was changed/)).text).toContain(
    '@contacts.test',
  );

  // The old address no longer logs in; the new one does, in a browser of its own.
  const old = await request.post('/api/auth/login', { data: { email: OLD, password: PASSWORD } });
  expect(old.status()).toBe(401);
  const again = await browser.newContext({ baseURL: server.url });
  const other = await again.newPage();
  await other.goto('/#/en/login');
  await logIn(other, request, NEW);
  await expect(other).toHaveURL(/#\/dashboard\/phone-verification$/);
  await again.close();
  expect(consoleErrors).toEqual([]);
});
