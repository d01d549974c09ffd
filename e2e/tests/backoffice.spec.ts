import { expect, seriousViolations, test } from '../fixtures';
import { CLIENT_PASSWORD, clientOnApproval } from '../support/new-client';
import { clientHeaders, operatorHeaders, operatorLogIn } from '../support/operator-session';
import { totp, totpStep } from '../support/totp';

// The operator back office (docs/requirements/back-office.md), end to end against the production
// build: an operator logs in with an authenticator code, approves a client the test brought to
// ON_APPROVAL through the API, credits an incoming payment, and finds both in the audit log; a
// support agent can neither approve nor move money; a client session never opens an operator route.
const CLIENT = { first: 'Ella', last: 'Review', email: 'ella@backoffice.test', phone: '+447911000777' };

test.describe('operator back office', () => {
  // One journey in steps; a loaded CI machine needs more than the default 30 s per step.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let compliance: Record<string, string>;
  let clientId: string;
  let clientSession: Record<string, string>;
  let reviewer: { email: string; password: string; secret: string; enrolledStep?: number };

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    compliance = await operatorHeaders(request, 'compliance@demo.test');
    ({ clientId, client: clientSession } = await clientOnApproval(request, CLIENT, compliance));
    // An administrator invites a real operator, who enrols an authenticator app alone.
    const admin = await operatorHeaders(request, 'admin@demo.test');
    reviewer = { email: 'reviewer@backoffice.test', password: 'Reviewer-pass-1', secret: '' };
    const created = await request.post('/api/backoffice/operators', {
      headers: admin,
      data: { email: reviewer.email, name: 'Rae Viewer', roles: ['compliance', 'payments'] },
    });
    expect(created.status()).toBe(201);
    expect(await created.text()).not.toMatch(/secret|otpauth/);
    await request.dispose();
  });

  test('the invited operator sets a password and an authenticator from the e-mailed link', async ({
    page,
    request,
  }) => {
    const mail = (await (await request.get(`/api/dev/outbox?to=${reviewer.email}`)).json()).data[0].text;
    const link = /\/backoffice\.html#\/invitation\/[\w-]{43}/.exec(mail)?.[0];
    expect(link, 'an invitation link in the e-mail').toBeTruthy();
    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { name: 'Set up your back-office access' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    reviewer.secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel('2. Your password').fill(reviewer.password);
    await page.getByLabel('The password again').fill(reviewer.password);
    reviewer.enrolledStep = totpStep();
    await page.getByLabel('3. The six-digit code your app shows now').fill(totp(reviewer.secret));
    await page.getByRole('button', { name: 'Finish and go to log-in' }).click();
    await expect(page.getByRole('status')).toContainText('Your access is ready');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a support agent sees the client but cannot approve or move money (hidden, and 403)', async ({
    page,
    request,
  }) => {
    await operatorLogIn(page, 'support@demo.test');
    // Each role lands on its own queue: support on the clients' messages.
    await expect(page).toHaveURL(/#\/tickets$/);
    const navigation = page.getByRole('navigation', { name: 'Back office sections' });
    await expect(navigation.getByRole('link', { name: 'Client review' })).toBeVisible();
    for (const hidden of ['Audit log', 'Reporting', 'Adjustments', 'Operators']) {
      await expect(navigation.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    await navigation.getByRole('link', { name: 'Client review' }).click();
    await page.getByRole('link', { name: 'Ella Review' }).click();
    await expect(page.getByTestId('client-status')).toHaveText('On approval');
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Record incoming payment' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const support = await operatorHeaders(request, 'support@demo.test');
    const approve = await request.post(`/api/backoffice/clients/${clientId}/approve`, {
      headers: support,
      data: {},
    });
    expect(approve.status()).toBe(403);
    const money = await request.post('/api/backoffice/incoming_payments', {
      headers: { ...support, 'idempotency-key': 'support-try' },
      data: {
        iban: 'GB33BUKB20201555555555',
        currency: 'EUR',
        amount: 100,
        rail: 'sepa',
        payer_name: 'X',
        payer_country: 'DE',
        bank_reference: 'S-1',
      },
    });
    expect(money.status()).toBe(403);
  });

  test('an operator logs in with TOTP, approves the client, credits a payment and finds both in the audit log', async ({
    page,
    request,
  }) => {
    // A code is used once: the log-in waits for a step after the one used to enrol.
    await operatorLogIn(page, reviewer.email, {
      password: reviewer.password,
      code: async () => {
        while (totpStep() <= (reviewer.enrolledStep ?? 0)) {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return totp(reviewer.secret);
      },
    });
    await page.getByRole('link', { name: 'Ella Review' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('All checks passed');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('client-status')).toHaveText('Approved');

    // The client now has an account group.
    const accounts = await request.get('/api/client/accounts', { headers: clientSession });
    expect(accounts.status()).toBe(200);
    expect(JSON.stringify(await accounts.json())).toContain('EUR');

    const eurRow = page.getByRole('row').filter({ has: page.getByTestId('balance-EUR') });
    await eurRow.getByRole('button', { name: 'Record incoming payment' }).click();
    const payment = page.getByRole('dialog');
    // At the approval threshold (1 000.00): one operator books it; above it a second must approve.
    await payment.getByLabel(/^Amount/).fill('1 000.00');
    await payment.getByLabel("Payer's name").fill('Contoso GmbH');
    await payment.getByLabel("Payer's country").fill('Germany');
    await page.getByRole('option', { name: 'Germany (DE)' }).click();
    await payment.getByLabel('Bank reference').fill('E2E-BANK-1');
    await payment.getByRole('button', { name: 'Record incoming payment' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // 1 000.00 in, the opening fee (50.00, UK) and the EEA incoming fee (20.00 minimum) out.
    await expect(page.getByTestId('balance-EUR')).toHaveText('930.00 EUR');

    const notifications = await request.get('/api/client/notifications?limit=10&page=1', {
      headers: clientSession,
    });
    expect(JSON.stringify(await notifications.json())).toMatch(/incoming_payment|1 000\.00|Contoso/);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Client').fill(CLIENT.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByTestId('audit-table');
    await expect(table.getByText('operator.application_approved')).toBeVisible();
    await expect(table.getByText('operator.incoming_payment_recorded')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'operator.application_approved' })).toContainText(
      reviewer.email,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the client then sees its account, the credited balance and the notification in its dashboard', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    // page.request shares its cookies with the page: the session opened here is the page's.
    await clientHeaders(page.request, CLIENT.email, CLIENT_PASSWORD);
    await page.goto('/#/dashboard/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeVisible({
      timeout: 30_000,
    });
    const eur = page.getByTestId('account-row').filter({ hasText: '(EUR)' });
    await expect(eur.getByTestId('account-balance')).toHaveText('930.00 EUR');
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').filter({ hasText: 'Incoming payment' }).first()).toContainText(
      'Contoso GmbH',
    );
    await context.close();
  });

  test('a client session can never call an operator endpoint', async ({ request }) => {
    const client = await clientHeaders(request, 'private@demo.test');
    for (const url of ['/api/backoffice/applications', '/api/backoffice/audit', '/api/backoffice/me']) {
      expect((await request.get(url, { headers: client })).status()).toBe(401);
      expect(
        (
          await request.get(url, { headers: { 'x-operator-token': client.authorization?.slice(7) ?? '' } })
        ).status(),
      ).toBe(401);
    }
    const approve = await request.post(`/api/backoffice/clients/${clientId}/approve`, {
      headers: client,
      data: {},
    });
    expect([401, 403]).toContain(approve.status());
  });
});
