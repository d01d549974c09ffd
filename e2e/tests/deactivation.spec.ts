import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';
import { approvedClient, CLIENT_PASSWORD as PASSWORD } from '../support/new-client';
import { logIn } from '../support/onboarding';
import {
  clientHeaders,
  newestCode,
  newestMessageId,
  operatorHeaders,
  operatorLogIn,
} from '../support/operator-session';
import { settlePaymentsNow } from '../support/rails';

// docs/requirements/deactivation.md, account deactivation in the browser against the production
// build: a client with a
// zero balance asks to close the account with the e-mailed code; the compliance operator finds
// the request in the Deactivations queue with its due time and approves it on the client's
// record; the client's next log-in fails with the standard error. A second client withdraws.
// Both clients are created for the test: the shared demo clients stay open for other specs.
const run = Date.now().toString(36);
const CLOSER = {
  first: 'Dora',
  last: 'Closer',
  email: `dora-${run}@deactivation.test`,
  phone: '+447911000881',
};
const STAYER = {
  first: 'Sam',
  last: 'Stayer',
  email: `sam-${run}@deactivation.test`,
  phone: '+447911000882',
};
const PAYER = {
  first: 'Pia',
  last: 'Payout',
  email: `pia-${run}@deactivation.test`,
  phone: '+447911000883',
};

async function uiClientLogIn(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/#/en/login');
  await logIn(page, request, email);
  await expect(page).toHaveURL(/#\/dashboard/);
}

async function enterCode(page: Page, code: string) {
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm closing my account' }).click();
}

test.describe('account deactivation', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let closer: { clientId: string; client: Record<string, string> };
  let stayer: { clientId: string; client: Record<string, string> };
  let payer: { clientId: string; client: Record<string, string> };

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    const compliance = await operatorHeaders(request, 'compliance@demo.test');
    closer = await approvedClient(request, CLOSER, compliance);
    stayer = await approvedClient(request, STAYER, compliance);
    payer = await approvedClient(request, PAYER, compliance);
    await request.dispose();
  });

  test('a client asks with the code, compliance approves within the due time, and log-in then fails', async ({
    page,
    request,
    browser,
    server,
  }) => {
    await uiClientLogIn(page, request, CLOSER.email);
    // Closing is a page of Settings: the account menu offers Settings and Log out, not a close.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Close account' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('link', { name: /Close your account|Close account/ }).click();
    await expect(page).toHaveURL(/#\/dashboard\/settings\/account-deactivation$/);
    await expect(page.getByRole('heading', { name: 'Close your account', level: 1 })).toBeVisible();
    await expect(page.getByText('The closing fee from our tariff is 0.00 EUR.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'I no longer need the account' }).click();
    await page.getByRole('radio', { name: 'My balance is zero' }).check();
    const before = await newestMessageId(request, CLOSER.email);
    await page.getByRole('button', { name: 'Ask to close my account' }).click();
    await enterCode(page, await newestCode(request, CLOSER.email, before));
    const received = page.getByTestId('deactivation-request');
    await expect(received.getByRole('heading', { name: 'Request received' })).toBeVisible();
    await expect(received).toContainText('We will decide by');
    // Under review, the page offers no second request.
    await expect(page.getByRole('button', { name: 'Ask to close my account' })).toHaveCount(0);
    // Every part of the dashboard says the same: the account is being closed, nothing is sent.
    await page.goto('about:blank');
    await page.goto('/#/dashboard');
    await expect(page.getByTestId('closing-state')).toContainText('You have asked us to close your account');
    await expect(
      page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Send money' }),
    ).toBeDisabled();
    const payments = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('button', { name: /Payments/ });
    await expect(payments).toBeDisabled();
    await expect(payments).toContainText('Not available while we close your account');

    // The compliance operator finds it in the queue, due 24 hours after the request.
    const operatorContext = await browser.newContext({ baseURL: server.url });
    const operator = await operatorContext.newPage();
    await operatorLogIn(operator, 'compliance@demo.test');
    await operator.getByRole('link', { name: 'Deactivations' }).click();
    const row = operator.getByRole('row').filter({ hasText: CLOSER.email });
    await expect(row).toContainText('0 hours');
    await expect(row.getByTestId('deactivation-overdue')).toHaveCount(0);
    const queue = await request.get('/api/backoffice/deactivations', {
      headers: await operatorHeaders(request, 'compliance@demo.test'),
    });
    const item = (await queue.json()).data.find(
      (line: { client_id: string }) => line.client_id === closer.clientId,
    );
    expect(Date.parse(item.due_at) - Date.parse(item.requested_at)).toBe(24 * 3_600_000);
    expect(await seriousViolations(operator)).toEqual([]);

    await row.getByRole('link', { name: `${CLOSER.first} ${CLOSER.last}` }).click();
    const section = operator.getByTestId('client-deactivation');
    await expect(section.getByTestId('deactivation-status')).toHaveText('Waiting for review');
    await section.getByRole('button', { name: 'Approve deactivation' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(operator.getByTestId('client-status')).toHaveText('Deactivated');
    await expect(section.getByTestId('deactivation-status')).toHaveText('Approved: accounts closed');
    await operatorContext.close();

    // The client's sessions ended, and logging in again fails with the standard error.
    expect((await request.get('/api/client/deactivation', { headers: closer.client })).status()).toBe(401);
    await page.context().clearCookies();
    await page.goto('/#/en/login');
    await page.getByLabel('E-mail address').fill(CLOSER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('The e-mail, password or code is not correct.');
  });

  test('a client withdraws a request before it is reviewed', async ({ page, request }) => {
    const before = await newestMessageId(request, STAYER.email);
    const asked = await request.post('/api/client/deactivation', {
      headers: stayer.client,
      data: { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' } },
    });
    expect(asked.status(), await asked.text()).toBe(202);
    const code = await newestCode(request, STAYER.email, before);
    const confirmed = await request.post('/api/client/deactivation/confirm', {
      headers: stayer.client,
      data: { code },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await uiClientLogIn(page, request, STAYER.email);
    await page.goto('/#/dashboard/settings/account-deactivation');
    const received = page.getByTestId('deactivation-request');
    await expect(received).toContainText('The fees are too high');
    await received.getByRole('button', { name: 'Withdraw my request' }).click();
    await expect(page.getByTestId('deactivation-request')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ask to close my account' })).toBeVisible();
    const status = (await (await request.get('/api/client/data', { headers: stayer.client })).json()).data
      .status;
    expect(status).toBe('APPROVED');
  });

  test('a client with money chooses a recipient; approval pays it out and the accounts close when it arrives', async ({
    page,
    request,
    browser,
    server,
  }) => {
    // 100.00 EUR reaches the new client from a demo client as an internal payment; the opening fee
    // it still owes (50.00 EUR) is taken from that credit, so 50.00 EUR remains.
    const demo = await clientHeaders(request, 'private@demo.test');
    const eurOf = async (headers: Record<string, string>) => {
      const groups = (await (await request.get('/api/client/accounts', { headers })).json()).data as {
        iban: string;
        accounts: { data: { id: string; currency: { code: string } }[] };
      }[];
      const group = groups[0];
      const eur = group?.accounts.data.find((account) => account.currency.code === 'EUR');
      if (!group || !eur) throw new Error('no EUR account');
      return { iban: group.iban, id: eur.id };
    };
    const demoBefore = await newestMessageId(request, 'private@demo.test');
    const funding = await request.post('/api/client/payments', {
      headers: { ...demo, 'idempotency-key': `payout-${run}` },
      data: {
        type: 'internal',
        account_id: (await eurOf(demo)).id,
        amount: 10_000,
        currency: 'EUR',
        recipient: { name: `${PAYER.first} ${PAYER.last}`, account_number: (await eurOf(payer.client)).iban },
      },
    });
    expect(funding.status(), await funding.text()).toBe(201);
    const funded = await request.post(`/api/client/payments/${(await funding.json()).data.id}/confirm`, {
      headers: demo,
      data: { code: await newestCode(request, 'private@demo.test', demoBefore) },
    });
    expect((await funded.json()).data.status).toBe('completed');

    // With no recipient yet, the client adds one from the form and comes back with it chosen.
    await uiClientLogIn(page, request, PAYER.email);
    await page.goto('/#/dashboard/settings/account-deactivation');
    await expect(page.getByTestId('deactivation-balance-EUR')).toContainText('50.00');
    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'I no longer need the account' }).click();
    await page.getByRole('radio', { name: 'Pay it out to one of my recipients' }).check();
    await page.getByRole('link', { name: 'Add a recipient' }).click();
    await expect(page).toHaveURL(/#\/dashboard\/recipients\/new\?next=deactivation$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pia Savings');
    await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill('DE89370400440532013000');
    await expect(page.locator('[data-iban-state]')).toHaveAttribute('data-iban-state', 'valid', {
      timeout: 15_000,
    });
    const recipientBefore = await newestMessageId(request, PAYER.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.mantine-PinInput-input').first().click();
    await page.keyboard.type(await newestCode(request, PAYER.email, recipientBefore));
    await page.getByRole('button', { name: 'Confirm recipient' }).click();
    await expect(page).toHaveURL(/#\/dashboard\/settings\/account-deactivation\?recipient=/);
    // It chooses to pay the balance out there, and sees the SEPA fee and what arrives first.
    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'I no longer need the account' }).click();
    await page.getByRole('radio', { name: 'Pay it out to one of my recipients' }).check();
    await expect(page.getByRole('combobox', { name: 'Recipient' })).toHaveValue('Pia Savings');
    const plan = page.getByTestId('deactivation-payout-EUR');
    await expect(plan).toContainText('50.00');
    await expect(plan).toContainText('5.00');
    await expect(plan).toContainText('45.00');
    const before = await newestMessageId(request, PAYER.email);
    await page.getByRole('button', { name: 'Ask to close my account' }).click();
    await enterCode(page, await newestCode(request, PAYER.email, before));
    await expect(page.getByTestId('deactivation-request')).toContainText('Pia Savings');
    await expect(
      page.getByTestId('deactivation-request').getByTestId('deactivation-payout-EUR'),
    ).toContainText('45.00');

    // Compliance sees what approving pays out (50.00 less the 5.00 SEPA fee) and approves.
    const operatorContext = await browser.newContext({ baseURL: server.url });
    const operator = await operatorContext.newPage();
    await operatorLogIn(operator, 'compliance@demo.test');
    await operator.goto(`/backoffice.html#/clients/${payer.clientId}`);
    const section = operator.getByTestId('client-deactivation');
    await expect(section.getByTestId('deactivation-payout-plan')).toContainText('45.00');
    await section.getByRole('button', { name: 'Approve deactivation' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(section.getByTestId('deactivation-status')).toHaveText('Approved: balance being paid out');
    await expect(section.getByTestId('deactivation-payout-payments')).toContainText('45.00');
    expect(await seriousViolations(operator)).toEqual([]);
    expect((await request.get('/api/client/deactivation', { headers: payer.client })).status()).toBe(401);

    // The clearing simulator settles the pay-out; the request closes with it.
    await settlePaymentsNow(request);
    const compliance = await operatorHeaders(request, 'compliance@demo.test');
    await expect
      .poll(
        async () =>
          (
            await (
              await request.get(`/api/backoffice/deactivations/${payer.clientId}`, { headers: compliance })
            ).json()
          ).data?.status,
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe('approved');
    await operator.reload();
    await expect(operator.getByTestId('client-status')).toHaveText('Deactivated');
    await expect(section.getByTestId('deactivation-status')).toHaveText('Approved: accounts closed');
    await operatorContext.close();
  });
});
