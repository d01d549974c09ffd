import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';
import { clientHeaders, newestCode, newestMessageId, operatorLogIn } from '../support/operator-session';
import { actWithReason } from '../support/reason-dialog';

// The back office's payments (docs/requirements/payments.md) against the production build: a payments
// operator sends SEPA by ISO 20022 file, finds a client's payment in the queue, reads its
// ledger transfers and history, holds and releases it, writes the pain.001 file, downloads it
// and imports the bank's pain.002, and the payment completes. A support agent never sees it.
const PRIVATE = 'private@demo.test';
const PAYMENTS = 'payments@demo.test';
const PAYEE = 'Harbour Supplies Ltd';

type ApiAccount = { id: string; currency: { code: string } };

async function payBySepa(api: APIRequestContext, client: Record<string, string>) {
  const groups = (await (await api.get('/api/client/accounts', { headers: client })).json()).data;
  const eur = groups
    .flatMap((group: { accounts: { data: ApiAccount[] } }) => group.accounts.data)
    .find((account: ApiAccount) => account.currency.code === 'EUR') as ApiAccount;
  const before = await newestMessageId(api, PRIVATE);
  const created = await api.post('/api/client/payments', {
    headers: { ...client, 'idempotency-key': crypto.randomUUID() },
    data: {
      type: 'sepa',
      account_id: eur.id,
      amount: 2_500,
      currency: 'EUR',
      recipient: { name: PAYEE, iban: 'DE89370400440532013000' },
      description: 'Invoice 2026-117',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const payment = (await created.json()).data as { id: string; end_to_end_id: string };
  const confirmed = await api.post(`/api/client/payments/${payment.id}/confirm`, {
    headers: client,
    data: { code: await newestCode(api, PRIVATE, before) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return payment;
}

/** The partner bank's answer: every payment named is accepted and settled. */
function pain002(originalMessageId: string, endToEndIds: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>E2E-BANK-${Date.now()}</MsgId><CreDtTm>2026-01-05T10:00:00Z</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>X</OrgnlPmtInfId>
${endToEndIds.map((id) => `      <TxInfAndSts><OrgnlEndToEndId>${id}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>`).join('\n')}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
}

/** The page as it is now fits a 375 px phone without sideways scrolling. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  // Mantine's scroll containers measure themselves after the resize: wait for the layout to settle.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Back on the desktop layout before the next click, so nothing moves under the pointer.
  await expect(page.getByRole('navigation', { name: 'Back office sections' })).toBeInViewport();
}

test.describe('back-office payments', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.afterAll(async ({ playwright, server }) => {
    // Later journeys expect SEPA on the simulator again.
    const api = await playwright.request.newContext({ baseURL: server.url });
    const before = await newestMessageId(api, 'admin@demo.test');
    const step1 = await api.post('/api/backoffice/auth/login', {
      data: { email: 'admin@demo.test', password: 'Demo-password-1' },
    });
    const { challenge_id } = (await step1.json()).data;
    const step2 = await api.post('/api/backoffice/auth/login/verify', {
      data: { challenge_id, code: await newestCode(api, 'admin@demo.test', before) },
    });
    const token: string = (await step2.json()).data.token;
    await api.put('/api/backoffice/payment-rails/sepa', {
      headers: { 'x-operator-token': token },
      data: { channel: 'simulator' },
    });
    await api.dispose();
  });

  test('a payments operator holds, releases, files and settles a SEPA payment', async ({
    page,
    playwright,
    server,
  }) => {
    const clientApi = await playwright.request.newContext({ baseURL: server.url });
    const client = await clientHeaders(clientApi, PRIVATE);
    await operatorLogIn(page, PAYMENTS);
    const navigation = page.getByRole('navigation', { name: 'Back office sections' });

    // SEPA by file: the payment then waits in the queue until a file is written.
    await navigation.getByRole('link', { name: 'Payment files' }).click();
    await expect(page.getByRole('heading', { name: 'Payment files', level: 1 })).toBeVisible();
    await page.getByTestId('rail-sepa').getByText('ISO 20022 file').click();
    await expect(page.getByText('SEPA payments now go by: ISO 20022 file.')).toBeVisible();

    const payment = await payBySepa(clientApi, client);

    await navigation.getByRole('link', { name: 'Payments', exact: true }).click();
    await page.getByRole('tab', { name: 'SEPA' }).click();
    await page.getByLabel('Search').fill(PAYEE);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`[data-payment-id="${payment.id}"]`);
    await expect(row).toContainText(PAYEE);
    await expect(row).toContainText('25.00 EUR');
    await expect(row.getByTestId('payment-status')).toHaveAttribute('data-status', 'processing');
    expect(await seriousViolations(page)).toEqual([]);
    await fitsPhone(page);

    await row.getByRole('link', { name: `Open payment ${payment.end_to_end_id}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
    const transfers = page.getByTestId('payment-transfers');
    await expect(transfers.getByRole('row').filter({ hasText: 'sepa_payment' })).toContainText(
      'Rail settlement SEPA · EUR',
    );
    await expect(transfers.getByRole('row').filter({ hasText: 'sepa_payment' })).toContainText('Pending');
    const history = page.getByTestId('payment-history');
    await expect(history).toContainText('Awaiting confirmation');
    await expect(history).toContainText('Processing');
    await fitsPhone(page);

    await actWithReason(page, 'Hold', 'Checking the payee with the client');
    await expect(page.getByTestId('payment-held')).toBeVisible();
    await expect(history).toContainText('Held by operations: Checking the payee with the client');
    await actWithReason(page, 'Release', 'Payee confirmed by phone');
    await expect(page.getByTestId('payment-held')).toHaveCount(0);
    await expect(history).toContainText('Released by operations: Payee confirmed by phone');

    await navigation.getByRole('link', { name: 'Payment files' }).click();
    await page.getByTestId('rail-sepa').getByRole('button', { name: 'Create pain.001 file' }).click();
    await expect(page.getByText(/File .+ created with 1 payment\./)).toBeVisible();
    const files = page.getByTestId('payment-files');
    const download = page.waitForEvent('download');
    await files
      .getByRole('link', { name: /^Download file / })
      .first()
      .click();
    const xml = await readFile((await (await download).path()) as string, 'utf8');
    expect(xml).toContain(`<EndToEndId>${payment.end_to_end_id}</EndToEndId>`);
    const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1] as string;
    expect(messageId).toBeTruthy();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'pain002.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(pain002(messageId, [payment.end_to_end_id])),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByTestId('import-result')).toContainText('1 settled, 0 rejected.');
    await fitsPhone(page);

    await page.goto(`/backoffice.html#/payments/${payment.id}`);
    await expect(page.getByTestId('payment-status').first()).toHaveAttribute('data-status', 'completed');
    await expect(
      page.getByTestId('payment-transfers').getByRole('row').filter({ hasText: 'sepa_payment' }).first(),
    ).toContainText('Posted');
    const seen = await clientApi.get(`/api/client/payments/${payment.id}`, { headers: client });
    expect((await seen.json()).data.status).toBe('completed');
    await clientApi.dispose();
  });

  test('a support agent sees no payments section and is refused its API', async ({ page }) => {
    await operatorLogIn(page, 'support@demo.test');
    const navigation = page.getByRole('navigation', { name: 'Back office sections' });
    await expect(navigation.getByRole('link', { name: 'Client review' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Payments', exact: true })).toHaveCount(0);
    await expect(navigation.getByRole('link', { name: 'Payment files' })).toHaveCount(0);
    await page.goto('/backoffice.html#/payments');
    await expect(page.getByText('Your role does not give you access to this section.')).toBeVisible();
    expect((await page.request.get('/api/backoffice/payments')).status()).toBe(403);
  });
});
