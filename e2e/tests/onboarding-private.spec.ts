import { expect, test } from '../fixtures';
import { applicationOf, CLIENT_PASSWORD as PASSWORD, PNG, signedUpClient } from '../support/new-client';
import {
  chooseFile,
  clientStatus,
  confirmEmail,
  logIn,
  newCode,
  outboxSize,
  pickCountry,
  run,
  stepUp,
  uniquePhone,
  verifyPhone,
} from '../support/onboarding';
import { operatorHeaders } from '../support/operator-session';

// docs/requirements/onboarding.md in the browser: sign-up, e-mail confirmation, log-in with the
// second factor, and the onboarding steps the forced redirects lead through, with an operator
// deciding through the operator API.

test('a private client signs up, onboards, is approved and logs in with an SMS code', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const email = `ada.${run}@example.test`;
  const phone = uniquePhone();
  await page.goto('/#/en/private-account');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await pickCountry(page, 'Country of residence', 'United Kingdom');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone number').fill('12345');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpass');
  await page.getByLabel('Repeat the password').fill('other');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // docs/requirements/validation.md's messages, from the same schema the API uses.
  await expect(page.getByText('Phone must be a valid phone number')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  // The terms and privacy policy must be accepted; both pages are linked from the checkbox.
  await expect(page.getByText('Please accept the terms and the privacy policy')).toBeVisible();
  await expect(page.getByRole('link', { name: 'terms and conditions', exact: true })).toHaveAttribute(
    'href',
    /terms-and-conditions$/,
  );
  await expect(page.getByRole('link', { name: 'privacy policy', exact: true })).toHaveAttribute(
    'href',
    /privacy$/,
  );
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/#\/en\/confirm\?email=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();

  await confirmEmail(page, request, email);
  await logIn(page, request, email);
  // Forced redirect 1: NEW goes to phone verification, wherever the client asked to go.
  await expect(page).toHaveURL(/#\/dashboard\/phone-verification$/);
  await expect(page.getByTestId('client-name')).toHaveText('Ada Lovelace');
  await page.goto('/#/dashboard/address');
  await verifyPhone(page, request, phone);

  // Forced redirect 2: a VERIFIED private client goes to identification.
  await expect(page).toHaveURL(/#\/dashboard\/identification$/);
  await chooseFile(page, /Document: front/, 'front.png', PNG, 'image/png');
  await chooseFile(page, /Selfie/, 'selfie.png', PNG, 'image/png');
  await expect(page.getByText(/front\.png \(\d+ B\)/)).toBeVisible();
  // The dates as printed on the document: a minor is refused before anything is sent.
  await page.getByLabel(/^Date of birth/).fill('01-03-2015');
  await page.getByLabel(/^Document valid until/).fill('01-01-2034');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('You must be at least 18 years old to open an account')).toBeVisible();
  await page.getByLabel(/^Date of birth/).fill('17-05-1990');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('We are checking your documents')).toBeVisible();

  const operator = await operatorHeaders(request, 'compliance@demo.test');
  const application = await applicationOf(request, operator, email, 'VERIFIED');
  const detail = await (
    await request.get(`/api/backoffice/clients/${application.id}`, { headers: operator })
  ).json();
  const identification = detail.data.identifications[0].id;
  const approveId = await request.post(`/api/backoffice/identifications/${identification}/approve`, {
    headers: operator,
    data: {},
  });
  expect(approveId.ok(), await approveId.text()).toBe(true);

  // Forced redirect 4: the page notices the decision; ON_APPROVAL without an address goes there.
  await expect(page).toHaveURL(/#\/dashboard\/address$/, { timeout: 20_000 });
  await page.getByLabel('Street and house number').fill('12 Example Road');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('75001');
  await page.getByRole('button', { name: 'Save the address' }).click();
  await expect(page.getByText('This postcode does not fit the country')).toBeVisible();
  await page.getByLabel('Postcode').fill('N1 9GU');
  await page.getByRole('button', { name: 'Save the address' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await clientStatus(page)).toBe('ON_APPROVAL');

  const approve = await request.post(`/api/backoffice/clients/${application.id}/approve`, {
    headers: operator,
    data: { reason: 'All checks passed' },
  });
  expect(approve.ok(), await approve.text()).toBe(true);

  // SMS as the log-in factor, chosen on the Security page from the verification menu (a page of
  // Settings, so it opens with the dashboard's sidebar).
  await page.goto('/#/dashboard/identification');
  await page.getByRole('button', { name: 'Menu of Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/settings\/security$/);
  await page.getByRole('radio', { name: 'By SMS to my phone' }).check();
  await page.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  await stepUp(page, request, email, 'Send me a code by e-mail');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. We have e-mailed you about the change.')).toBeVisible();

  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/en$/);
  const stale = await page.request.get('/api/auth/login_check');
  expect(stale.status()).toBe(401);

  await page.goto('/#/en/login');
  await logIn(page, request, email, phone);
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await clientStatus(page)).toBe('APPROVED');

  // Forced redirect 6: an operator asks for an update; it is forced once per session.
  const update = await request.post(`/api/backoffice/clients/${application.id}/request_update`, {
    headers: operator,
    data: { flags: ['address_require'], reason: 'Please confirm your address' },
  });
  expect(update.ok(), await update.text()).toBe(true);
  await page.goto('/#/en/login');
  await logIn(page, request, email, phone);
  await expect(page).toHaveURL(/#\/dashboard\/update-info$/);
  await pickCountry(page, 'Country', 'United Kingdom');
  await page.getByLabel('Street and house number').fill('14 Example Road');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('N1 9GU');
  await page.getByLabel('I confirm that my details are up to date').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a new client who gave a wrong number corrects it and verifies the right one', async ({
  page,
  request,
}) => {
  const email = `wrong.number.${run}@example.test`;
  const wrong = uniquePhone();
  const right = uniquePhone();
  await signedUpClient(request, { first: 'Rosalind', last: 'Franklin', email, phone: wrong });
  await page.goto('/#/en/login');
  await logIn(page, request, email);
  await expect(page).toHaveURL(/#\/dashboard\/phone-verification$/);
  // Whoever can receive no code at all has support's number and address on this very page.
  await expect(page.getByRole('link', { name: '+44 20 7946 0000' })).toBeVisible();
  await page.getByRole('button', { name: 'Not your number? Correct it' }).click();
  await page.getByLabel('Your mobile number').fill('07911');
  await page.getByRole('button', { name: 'Send the code to this number' }).click();
  await expect(page.getByLabel('Your mobile number')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Your mobile number').fill(right);
  const before = await outboxSize(request, right);
  await page.getByRole('button', { name: 'Send the code to this number' }).click();
  await expect(page.getByText('Your number is corrected')).toBeVisible();
  await expect(page.getByText(right, { exact: true })).toBeVisible();
  await page.getByLabel('Code from the SMS').fill(await newCode(request, right, before));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/phone-verification/);
  expect(await clientStatus(page)).toBe('VERIFIED');
});
