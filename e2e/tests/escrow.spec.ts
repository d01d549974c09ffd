import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiAccounts, logIn, money, PRIVATE, visit } from '../support/dashboard';
import { desk, fundByApi } from '../support/escrow';
import { newestCode, newestMessageId, operatorHeaders, operatorLogIn } from '../support/operator-session';
import { settlePaymentsNow } from '../support/rails';

// docs/requirements/escrow.md: the demo business client proposes a 10,000 EUR deal to the demo
// private client, who accepts once a dialog has shown what it agrees to; the buyer funds it
// (amount plus the 200.00 opening fee); each side uploads a document; one operator verifies
// them and proposes the release, a second approves it; the seller is paid the amount. Funding
// is confirmed with a one-time code. A second deal passes its deadline (the demo hook) and is
// refunded. A third, with a seller outside the institution (name and IBAN), needs no acceptance
// and is paid by SEPA. At 375 px.
const BUSINESS = 'business@demo.test';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const eurBalance = async (page: Page) =>
  (await apiAccounts(page)).find((account) => account.currency.code === 'EUR')?.balance ?? 0;

async function asClient(page: Page, email: string) {
  // A fresh load, so nothing the previous party's app held in memory is shown.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await logIn(page, email, { fresh: true });
}

test.describe('escrow deals', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a deal runs from proposal to release under four eyes, another is refunded after its deadline', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await asClient(page, BUSINESS);
    await visit(page, '/dashboard/escrow');
    await page.getByRole('link', { name: 'New deal' }).click();
    await page.getByLabel('Other party').fill(PRIVATE);
    await page.getByLabel('What the deal is for').fill('Used forklift');
    await page.getByLabel('Amount (EUR)').fill('10000');
    await page.getByLabel('What the buyer delivers').fill('Pay into escrow');
    await page.getByLabel('What the seller delivers').fill('Deliver the forklift');
    await page.getByLabel('Condition 1').fill('Delivery note');
    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByLabel('Condition 2').fill('Inspection report');
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const day = deadline.split('-').reverse().join('-');
    await page.getByLabel('Deadline').fill(day);
    // The fees before anyone commits: 1% of 10,000.00 is below the 200.00 minimum.
    await expect(page.getByTestId('escrow-fees')).toContainText(money(20_000, 2, 'EUR'));
    await page.getByRole('button', { name: 'Propose the deal' }).click();
    await expect(page.getByTestId('escrow-status')).toHaveText('Proposed');
    const dealId = /escrow\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

    await asClient(page, PRIVATE);
    const sellerBefore = await eurBalance(page);
    await visit(page, `/dashboard/escrow/${dealId}`);
    await expect(page.getByTestId('escrow-deadline')).toContainText(day);
    // The seller is offered only its own steps: the answer, never the buyer's funding.
    await expect(page.getByRole('button', { name: 'Fund the escrow' })).toHaveCount(0);
    // Accepting asks first, with what is agreed to; Cancel sends nothing.
    await page.getByRole('button', { name: 'Accept the deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept this deal?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('escrow-status')).toHaveText('Proposed');
    await page.getByRole('button', { name: 'Accept the deal' }).click();
    await expect(dialog.getByTestId('accept-amount')).toContainText(money(1_000_000, 2, 'EUR'));
    await expect(dialog.getByTestId('accept-deadline')).toContainText(day);
    await expect(dialog.getByTestId('accept-conditions')).toContainText('Inspection report');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByTestId('escrow-status')).toHaveText('Accepted');
    await expect(dialog).toHaveCount(0);

    await asClient(page, BUSINESS);
    const buyerBefore = await eurBalance(page);
    await visit(page, `/dashboard/escrow/${dealId}`);
    const before = await newestMessageId(page.request, BUSINESS);
    await page.getByRole('button', { name: 'Fund the escrow' }).click();
    const code = await newestCode(page.request, BUSINESS, before);
    await page.locator('.mantine-PinInput-input').first().click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Confirm: Fund the escrow' }).click();
    await expect(page.getByTestId('escrow-status')).toHaveText('Funded');
    await expect(page.getByTestId('escrow-held')).toContainText(money(1_000_000, 2, 'EUR'));
    expect(await eurBalance(page)).toBe(buyerBefore - 1_000_000 - 20_000);

    // Both conditions are the seller's to present: only the presenter uploads a condition's documents.
    await asClient(page, PRIVATE);
    await visit(page, `/dashboard/escrow/${dealId}`);
    for (const index of [0, 1]) {
      const condition = page.getByTestId('escrow-condition').nth(index);
      const chooser = page.waitForEvent('filechooser');
      await condition.getByRole('button', { name: 'Upload a document' }).click();
      await (await chooser).setFiles({ name: 'evidence.png', mimeType: 'image/png', buffer: PNG });
      await expect(condition).toContainText('evidence.png');
    }

    const maker = await operatorHeaders(page.request, 'payments@demo.test');
    const checker = await operatorHeaders(page.request, 'compliance@demo.test');
    const deal = await (
      await page.request.get(`/api/backoffice/escrows/${dealId}`, { headers: maker })
    ).json();
    for (const condition of deal.data.conditions)
      await desk(page.request, maker, `${dealId}/conditions/${condition.id}/decision`, { approve: true });
    const proposed = await desk(page.request, maker, `${dealId}/proposals`, {
      action: 'release',
      reason: 'All met',
    });
    const approve = `/api/backoffice/escrows/${dealId}/proposals/${proposed.proposals[0].id}/approve`;
    const byMaker = { headers: { ...maker, 'idempotency-key': randomUUID() }, data: {} };
    expect((await page.request.post(approve, byMaker)).status()).toBe(403);
    // In the back office the maker opens the evidence, and is not offered the approval it cannot give.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await operatorLogIn(page, 'payments@demo.test');
    await page.goto(`/backoffice.html#/escrow/${dealId}`);
    const download = page.waitForEvent('download');
    await page
      .getByTestId('escrow-condition')
      .first()
      .getByRole('link', { name: /evidence\.png/ })
      .click();
    expect((await download).suggestedFilename()).toBe('evidence.png');
    const proposal = page.getByTestId('escrow-proposal');
    await expect(proposal).toContainText('You proposed this');
    await expect(proposal.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await desk(page.request, checker, `${dealId}/proposals/${proposed.proposals[0].id}/approve`);

    await asClient(page, PRIVATE);
    await visit(page, `/dashboard/escrow/${dealId}`);
    await expect(page.getByTestId('escrow-status')).toHaveText('Released');
    // Nothing is left to do: no empty actions or changes card.
    await expect(page.getByTestId('escrow-actions')).toHaveCount(0);
    await expect(page.getByTestId('escrow-changes')).toHaveCount(0);
    // Both conditions are the seller's to present: it paid their verification (2 × 200.00), then got the amount.
    expect(await eurBalance(page)).toBe(sellerBefore - 40_000 + 1_000_000);

    // The second deal: funded, its deadline passed, refunded by two operators.
    await asClient(page, BUSINESS);
    const second = await page.request.post('/api/client/escrows', {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        role: 'buyer',
        counterparty: { email: PRIVATE },
        amount: 500_000,
        currency: 'EUR',
        title: 'Spare parts',
        buyer_deliverables: 'Pay into escrow',
        seller_deliverables: 'Ship the parts',
        conditions: [{ description: 'Bill of lading', presenter: 'seller' }],
        deadline,
        standard: true,
      },
    });
    const secondId = (await second.json()).data.id as string;
    await asClient(page, PRIVATE);
    const accepted = await page.request.post(`/api/client/escrows/${secondId}/accept`, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await asClient(page, BUSINESS);
    const accountId = (await apiAccounts(page)).find((account) => account.currency.code === 'EUR')?.id;
    await fundByApi(page, BUSINESS, secondId, accountId ?? '');
    const beforeRefund = await eurBalance(page);
    expect((await page.request.post(`/api/dev/escrows/${secondId}/deadline_passed`)).status()).toBe(200);
    const refund = await desk(page.request, maker, `${secondId}/proposals`, {
      action: 'refund',
      reason: 'Deadline',
    });
    await desk(page.request, checker, `${secondId}/proposals/${refund.proposals[0].id}/approve`);
    await visit(page, `/dashboard/escrow/${secondId}`);
    await expect(page.getByTestId('escrow-status')).toHaveText('Refunded');
    expect(await eurBalance(page)).toBe(beforeRefund + 500_000);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The third deal: an outside seller, by name and IBAN; no acceptance; released by SEPA.
    await visit(page, '/dashboard/escrow/new');
    await page.getByLabel('The seller is not a client of ours').check();
    await page.getByLabel("Seller's name").fill('Erika Mustermann');
    await page.getByLabel("Seller's IBAN").fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('What the deal is for').fill('Vintage lathe');
    await page.getByLabel('Amount (EUR)').fill('3000');
    await page.getByLabel('What the buyer delivers').fill('Pay into escrow');
    await page.getByLabel('What the seller delivers').fill('Ship the lathe');
    await page.getByLabel('Condition 1').fill('Delivery note');
    await page.getByLabel('Deadline').fill(day);
    await page.getByRole('button', { name: 'Propose the deal' }).click();
    await expect(page.getByTestId('escrow-status')).toHaveText('Accepted');
    await expect(page.getByTestId('escrow-outside-seller')).toContainText('DE89370400440532013000');
    const thirdId = /escrow\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    await fundByApi(page, BUSINESS, thirdId, accountId ?? '');
    const third = (await (await page.request.get(`/api/client/escrows/${thirdId}`)).json()).data;
    const upload = await page.request.post(
      `/api/client/escrows/${thirdId}/conditions/${third.conditions[0].id}/documents`,
      {
        headers: { 'idempotency-key': randomUUID() },
        data: {
          attachments: [
            {
              name: 'note.png',
              type: 'note',
              mime: 'image/png',
              size: PNG.length,
              data: PNG.toString('base64'),
            },
          ],
        },
      },
    );
    expect(upload.status(), await upload.text()).toBe(201);
    await desk(page.request, maker, `${thirdId}/conditions/${third.conditions[0].id}/decision`, {
      approve: true,
    });
    const release = await desk(page.request, maker, `${thirdId}/proposals`, {
      action: 'release',
      reason: 'Met',
    });
    const released = await desk(
      page.request,
      checker,
      `${thirdId}/proposals/${release.proposals[0].id}/approve`,
    );
    await settlePaymentsNow(page.request);
    const payment = await (
      await page.request.get(`/api/client/payments/${released.payout_payment_id}`)
    ).json();
    expect(payment.data).toMatchObject({ status: 'completed', amount: 300_000, fee: 0 });
    await asClient(page, BUSINESS);
    await visit(page, `/dashboard/escrow/${thirdId}`);
    await expect(page.getByTestId('escrow-status')).toHaveText('Released');
  });
});

test('the new-deal form marks each field in its own words, and a refusal on its field', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors({
    text: /status of 422 /,
    at: /\/api\/client\/escrows:/,
    reason: 'the journey names a counterparty who is not a client, and the API refuses it with a 422',
  });
  await asClient(page, BUSINESS);
  await visit(page, '/dashboard/escrow/new');
  const form = page.locator('form');
  await page.getByRole('button', { name: 'Propose the deal' }).click();
  const fieldError = (label: string | RegExp) =>
    page.getByLabel(label).and(page.locator('[aria-invalid="true"]'));
  for (const label of [
    'Other party',
    'What the deal is for',
    'Amount (EUR)',
    'What the buyer delivers',
    'What the seller delivers',
    'Condition 1',
    'Deadline',
  ])
    await expect(fieldError(label), label).toBeVisible();
  await expect(form).toContainText('Enter the amount');
  await expect(form).toContainText('This field is required');
  // Nothing of the schema's own wording, and no request was sent for the empty form.
  await expect(form).not.toContainText(/YYYY-MM-DD|Not a real date|Invalid input|Use at least/);

  // Fixed as typed: an e-mail address too short to be one is said so under the field.
  await page.getByLabel('Other party').fill('ab');
  await expect(form).toContainText('Use at least 6 characters');
  await page.getByLabel('Other party').fill('nobody@example.test');
  await page.getByLabel('What the deal is for').fill('Office chairs');
  await page.getByLabel('Amount (EUR)').fill('1,250');
  await page.getByLabel('What the buyer delivers').fill('Pay into escrow');
  await page.getByLabel('What the seller delivers').fill('Deliver the chairs');
  await page.getByLabel('Condition 1').fill('Delivery note');
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Deadline').fill(deadline.split('-').reverse().join('-'));
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/client/escrows'));
  await page.getByRole('button', { name: 'Propose the deal' }).click();
  expect((await answer).status()).toBe(422);
  await expect(fieldError('Other party')).toBeVisible();
  await expect(form).toContainText('No approved client of ours has this e-mail address or account number');
});
