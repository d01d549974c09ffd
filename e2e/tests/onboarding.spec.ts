import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';

// docs/requirements/onboarding.md in the browser: sign-up, e-mail confirmation, log-in with the
// second factor, and the onboarding steps the forced redirects lead through, with an operator
// deciding through the operator API. Codes and links come from the demo outbox, as a tester would
// read them.
const PASSWORD = 'Strong-pass-1';
const DEMO_PASSWORD = 'Demo-password-1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Message = { subject: string; text: string; created_at: string };

/** The newest message to `to` that `matches`, waiting for the outbox to receive it. */
async function messageTo(request: APIRequestContext, to: string, matches: RegExp): Promise<Message> {
  let found: Message | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages: Message[] = (await answer.json()).data;
        found = messages.find((message) => matches.test(`${message.subject}\n${message.text}`));
        return Boolean(found);
      },
      { message: `a message to ${to} matching ${matches}` },
    )
    .toBe(true);
  return found as Message;
}

// Unique per run, so a retry against the same server starts a new client.
const run = Date.now().toString(36);
const uniquePhone = () => `+4479110${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

/** The logged-in client's record, read with the browser's own session cookie. */
async function clientStatus(page: Page): Promise<string> {
  const answer = await page.request.get('/api/client/data');
  return (await answer.json()).data.status;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** Messages already in the outbox, so a later code is told from an earlier one. */
async function outboxSize(request: APIRequestContext, to: string): Promise<number> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await answer.json()).data.length;
}

async function newCode(request: APIRequestContext, to: string, before: number): Promise<string> {
  await expect.poll(() => outboxSize(request, to)).toBeGreaterThan(before);
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return codeIn((await answer.json()).data[0].text);
}

async function operatorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const email = 'compliance@demo.test';
  const before = await outboxSize(request, email);
  const start = await request.post('/api/backoffice/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const { challenge_id } = (await start.json()).data;
  const code = await newCode(request, email, before);
  const verify = await request.post('/api/backoffice/auth/login/verify', { data: { challenge_id, code } });
  expect(verify.ok(), await verify.text()).toBe(true);
  return { 'x-operator-token': (await verify.json()).data.token };
}

async function applicationOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  email: string,
  status: string,
) {
  const list = await request.get(`/api/backoffice/applications?status=${status}&limit=100`, { headers });
  const found = (await list.json()).data.find((row: { email: string }) => row.email === email);
  expect(found, `${email} in the applications`).toBeTruthy();
  return found as { id: string; status: string };
}

async function pickCountry(page: Page, label: string, name: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

async function confirmEmail(page: Page, request: APIRequestContext, email: string) {
  const message = await messageTo(request, email, /confirm your e-mail/);
  const link = /(http\S+#\/confirm\/email\?hash=\S+)/.exec(message.text)?.[1] ?? '';
  // The server listens on a random port, so follow the link's page, not its host.
  await page.goto(`/${new URL(link).hash}`);
  await expect(page.getByText('your e-mail address is confirmed')).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/#\/en\/login$/);
}

async function logIn(
  page: Page,
  request: APIRequestContext,
  email: string,
  codeTo = email,
  password = PASSWORD,
) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  const before = await outboxSize(request, codeTo);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await newCode(request, codeTo, before);
  await page.getByRole('textbox', { name: /Code from the/ }).fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Step-up before a security setting changes: ask for a code by the current channel and type it in. */
async function stepUp(page: Page, request: APIRequestContext, codeTo: string, ask: string) {
  const before = await outboxSize(request, codeTo);
  await page.getByRole('button', { name: ask }).click();
  await page.getByLabel('Confirmation code').fill(await newCode(request, codeTo, before));
}

async function verifyPhone(page: Page, request: APIRequestContext, phone: string) {
  await expect(page).toHaveURL(/#\/dashboard\/phone-verification$/);
  const before = await outboxSize(request, phone);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await page.getByLabel('Code from the SMS').fill(await newCode(request, phone, before));
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function chooseFile(
  page: Page,
  label: string | RegExp,
  name: string,
  buffer: Buffer,
  mimeType: string,
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

async function noSideways(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

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
  await page.getByLabel(/^Date of birth/).fill('2015-03-01');
  await page.getByLabel(/^Document valid until/).fill('2034-01-01');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('You must be at least 18 years old to open an account')).toBeVisible();
  await page.getByLabel(/^Date of birth/).fill('1990-05-17');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('We are checking your documents')).toBeVisible();

  const operator = await operatorHeaders(request);
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

  // SMS as the log-in factor, chosen on the Contacts page of the verification menu.
  await page.goto('/#/dashboard/password-change');
  await page.getByRole('button', { name: 'Menu of Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/settings\/contacts$/);
  await page.getByRole('radio', { name: 'By SMS to my phone' }).check();
  await page.getByLabel('Your password, to confirm the change').fill(PASSWORD);
  await stepUp(page, request, email, 'Send me a code by e-mail');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. We have e-mailed you about the change.')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
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

/** A private client taken to APPROVED through the API, as a fixture for the journeys below. */
async function approvedPrivateClient(
  request: APIRequestContext,
  operator: Record<string, string>,
  email: string,
  phone: string,
) {
  const signUp = await request.post('/api/auth/signup/private', {
    data: {
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      phone,
      country: 'GB',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      altcha: '',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  const link = (await messageTo(request, email, /confirm your e-mail/)).text;
  const hash = /hash=([\w-]+)/.exec(link)?.[1];
  expect((await request.post('/api/auth/confirm_email', { data: { hash } })).ok()).toBe(true);
  const before = await outboxSize(request, email);
  const step1 = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const verify = await request.post('/api/auth/login/verify', {
    data: {
      challenge_id: (await step1.json()).data.challenge_id,
      code: await newCode(request, email, before),
    },
  });
  const headers = { authorization: `Bearer ${(await verify.json()).data.token}` };
  const smsBefore = await outboxSize(request, phone);
  await request.post('/api/client/phone/send_code', { headers });
  const code = await newCode(request, phone, smsBefore);
  expect((await request.post('/api/client/phone/verify', { headers, data: { code } })).ok()).toBe(true);
  const file = (type: string) => ({
    name: `${type}.png`,
    type,
    mime: 'image/png',
    size: PNG.length,
    data: PNG.toString('base64'),
  });
  const upload = await request.post('/api/client/identification', {
    headers,
    data: {
      document_type: 'PASSPORT',
      date_of_birth: '1990-05-17',
      document_expires_on: '2034-01-01',
      attachments: [file('front'), file('selfie')],
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const approveId = await request.post(
    `/api/backoffice/identifications/${(await upload.json()).data.id}/approve`,
    { headers: operator, data: {} },
  );
  expect(approveId.ok(), await approveId.text()).toBe(true);
  const address = await request.post('/api/client/address', {
    headers,
    data: { country: 'GB', city: 'London', address: '12 Example Road', postcode: 'N1 9GU' },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const { id } = await applicationOf(request, operator, email, 'ON_APPROVAL');
  const approve = await request.post(`/api/backoffice/clients/${id}/approve`, {
    headers: operator,
    data: { reason: 'All checks passed' },
  });
  expect(approve.ok(), await approve.text()).toBe(true);
  await request.post('/api/auth/logout', { headers });
  return id;
}

/** Each path, opened afresh, ends up at `expected` (a full load, so the record is read again). */
async function expectLanding(page: Page, paths: readonly string[], expected: RegExp) {
  for (const path of paths) {
    await page.goto(`/#${path}`);
    await page.reload();
    await expect(page, `${path} goes to ${expected}`).toHaveURL(expected);
  }
}

test('an operator forces a password change and a new identity check; an update is asked once per session', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const email = `grace.${run}@example.test`;
  const operator = await operatorHeaders(request);
  const clientId = await approvedPrivateClient(request, operator, email, uniquePhone());
  const post = async (action: string, data: object) => {
    const answer = await request.post(`/api/backoffice/clients/${clientId}/${action}`, {
      headers: operator,
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };

  // Forced redirect 5: the password-change page and nothing else until the password is changed.
  await post('require_password_change', { reason: 'Your password appeared in a data breach' });
  await page.goto('/#/en/login');
  await logIn(page, request, email);
  await expect(page).toHaveURL(/#\/dashboard\/password-change$/);
  await expect(page.getByText('Please choose a new password before you continue.')).toBeVisible();
  await expectLanding(
    page,
    ['/dashboard', '/dashboard/tickets', '/dashboard/settings', '/dashboard/settings/contacts'],
    /#\/dashboard\/password-change$/,
  );
  const NEW_PASSWORD = 'Fresher-pass-2';
  await page.getByLabel('Current password').fill(PASSWORD);
  await stepUp(page, request, email, 'Send me a code by e-mail');
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  const changed = page.waitForResponse((answer) => answer.url().endsWith('/api/client/password_change'));
  await page.getByRole('button', { name: 'Change the password' }).click();
  expect((await changed).status()).toBe(200);
  // The change ends every session, this one too: the client lands on the log-in page (not the
  // site root, whatever the calls still in flight answer) and logs in with the new password.
  await expect(page).toHaveURL(/#\/en\/login$/);
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/#\/en\/login$/);
  await logIn(page, request, email, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard$/);

  // Forced redirect 3: identification, tickets and settings only, until a new check is approved.
  await post('request_identification', { reason: 'Your passport has expired' });
  await expectLanding(
    page,
    ['/dashboard', '/dashboard/payments', '/dashboard/accounts'],
    /#\/dashboard\/settings\/identification$/,
  );
  await expectLanding(page, ['/dashboard/tickets'], /#\/dashboard\/tickets$/);
  await expectLanding(page, ['/dashboard/settings'], /#\/dashboard\/settings$/);
  await expectLanding(page, ['/dashboard/identification'], /#\/dashboard\/identification$/);
  // The verification menu's password page stays open too (docs/requirements/onboarding.md).
  await expectLanding(page, ['/dashboard/password-change'], /#\/dashboard\/password-change$/);
  await page.goto('/#/dashboard/settings/identification');
  await chooseFile(page, /Document: front/, 'front.png', PNG, 'image/png');
  await chooseFile(page, /Selfie/, 'selfie.png', PNG, 'image/png');
  await page.getByLabel(/^Date of birth/).fill('1990-05-17');
  await page.getByLabel(/^Document valid until/).fill('2034-01-01');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('We are checking your documents')).toBeVisible();
  const detail = await (
    await request.get(`/api/backoffice/clients/${clientId}`, { headers: operator })
  ).json();
  const pending = detail.data.identifications.find((row: { status: string }) => row.status === 'PENDING');
  const approved = await request.post(`/api/backoffice/identifications/${pending.id}/approve`, {
    headers: operator,
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 20_000 });
  await expectLanding(page, ['/dashboard/payments'], /#\/dashboard\/payments$/);

  // Forced redirect 6: once per session. Away from update-info, the client is not sent back.
  await post('request_update', { flags: ['address_require'], reason: 'Please confirm your address' });
  // The request may already have sent this page to update-info (its layout has no account
  // menu), so the session ends through the API: what is tested is the next session.
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  // Leave the dashboard entirely first: its calls in flight now answer 401 and would send the
  // page to the site root over the log-in page.
  await page.goto('about:blank');
  await page.goto('/#/en/login');
  await logIn(page, request, email, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard\/update-info$/);
  await expectLanding(page, ['/dashboard/settings'], /#\/dashboard\/settings$/);
  await expectLanding(page, ['/dashboard'], /#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A new session asks again.
  // The request may already have sent this page to update-info (its layout has no account
  // menu), so the session ends through the API: what is tested is the next session.
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  // Leave the dashboard entirely first: its calls in flight now answer 401 and would send the
  // page to the site root over the log-in page.
  await page.goto('about:blank');
  await page.goto('/#/en/login');
  await logIn(page, request, email, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard\/update-info$/);
  expect(consoleErrors).toEqual([]);
});

test('a business client signs up and completes the company steps up to review', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `ops.${run}@engines.test`;
  const phone = uniquePhone();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/#/en/business-account');
  await noSideways(page, 'business sign-up');
  await page.getByLabel('Company name').fill('Engines Ltd');
  await page.getByLabel('Registration number').fill('09876543');
  await pickCountry(page, 'Country of registration', 'United Kingdom');
  await page.getByLabel('Contact person').fill('Charles Babbage');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/#\/en\/confirm\?email=/, { timeout: 30_000 });

  await confirmEmail(page, request, email);
  await logIn(page, request, email);
  await verifyPhone(page, request, phone);
  // A VERIFIED business client has no forced step; the company steps are at /dashboard/verification.
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await clientStatus(page)).toBe('VERIFIED');
  await page.goto('/#/dashboard/verification');
  await expect(page.getByTestId('client-name')).toHaveText('Engines Ltd');
  await noSideways(page, 'company registration');

  await page.getByLabel('Street and house number').fill('1 Station Road');
  await page.getByLabel('City').fill('Cambridge');
  await page.getByLabel('Postcode').fill('CB1 2JD');
  const activities = page
    .getByRole('combobox', { name: 'Business activities' })
    .or(page.getByRole('textbox', { name: 'Business activities' }));
  await activities.click();
  await page.getByRole('option', { name: 'Manufacturing', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('What does the business do?').fill('We build difference engines');
  await page.getByLabel('Expected monthly turnover').fill('10 000');
  await page.getByLabel('Partner 1: name').first().fill('Analytical Co');
  // Incoming and outgoing partners each have a "Partner 1" row: fill them in turn.
  const partnerCountries = page.getByRole('combobox', { name: 'Partner 1: country' });
  for (const [index, country] of ['Germany', 'France'].entries()) {
    await partnerCountries.nth(index).click();
    await partnerCountries.nth(index).fill(country);
    await page.getByRole('option', { name: country, exact: true }).click();
  }
  await page.getByLabel('Partner 1: name').nth(1).fill('Gears SARL');
  await page.getByLabel('First name').fill('Charles');
  await page.getByLabel('Last name').fill('Babbage');
  await page.getByLabel('Ownership in % (if any)').fill('100');
  await page.getByRole('button', { name: 'Save these details' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByText('Company documents: still to do')).toBeVisible();

  await chooseFile(page, /^Document$/, 'certificate.pdf', PDF, 'application/pdf');
  await page.getByRole('button', { name: 'Upload the document' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await clientStatus(page)).toBe('ON_APPROVAL');
  const operator = await operatorHeaders(request);
  expect((await applicationOf(request, operator, email, 'ON_APPROVAL')).status).toBe('ON_APPROVAL');
});

test('log-in errors read the same for any cause, and the dashboard needs a session', async ({ page }) => {
  await page.goto('/#/en/login');
  await page.getByLabel('E-mail address').fill('nobody@example.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('The e-mail, password or code is not correct.');

  // A dashboard page without a session goes to the site root.
  await page.goto('/#/dashboard/address');
  await expect(page).toHaveURL(/#\/en$/);
});

test('the idle dialog extends the session, and five quiet minutes log out', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await page.goto('/#/en/login');
  await page.getByLabel('E-mail address').fill('private@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const before = await outboxSize(request, 'private@demo.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await newCode(request, 'private@demo.test', before);
  await page.getByRole('textbox', { name: /Code from the/ }).fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/dashboard/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Every call of the first load counts as activity; the quiet minutes start after the last.
  await page.waitForLoadState('networkidle');

  await page.clock.fastForward('04:05');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('05:05');
  await expect(page).toHaveURL(/#\/en$/);
  await expect(page.getByText('You were logged out after 5 minutes without activity.')).toBeVisible();
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
