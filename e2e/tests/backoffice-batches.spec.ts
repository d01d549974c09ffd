import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { clientHeaders, newestCode, newestMessageId, operatorLogIn } from '../support/operator-session';
import { actWithReason } from '../support/reason-dialog';

// docs/requirements/batch-payments.md, "Back office": a payments operator finds a client's
// confirmed batch among the batches of the payments queue, holds and releases it whole, holds and
// releases one of its rows, and returns the batch, each with a reason.
const BUSINESS = 'business@demo.test';
const IBAN = 'DE89370400440532013000';
const RUN = Date.now().toString(36);

test('a payments operator holds and releases a batch and one row, then returns the batch', async ({
  page,
  playwright,
  server,
}) => {
  test.setTimeout(60_000);
  const api = await playwright.request.newContext({ baseURL: server.url });
  const id = await confirmedBatch(api, await clientHeaders(api, BUSINESS));
  await api.dispose();
  await operatorLogIn(page, 'payments@demo.test');
  // A payments operator lands on the payments queue, not on client review.
  await expect(page).toHaveURL(/#\/payments$/);
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Payments', exact: true })
    .click();
  await page.getByTestId('batches-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Batch payments' })).toBeVisible();
  const listed = page.locator(`[data-batch-id="${id}"]`);
  await expect(listed.getByTestId('batch-status')).toHaveAttribute('data-status', 'processing');
  await listed.getByRole('link', { name: 'Open batch json' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Batch' })).toBeVisible();
  await expect(page.getByTestId('batch-rows').getByRole('row')).toHaveCount(3);

  await actWithReason(page, 'Hold the batch', 'Checking the payees with the client');
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'on_hold');
  await actWithReason(page, 'Release the batch', 'The client confirmed the payees');
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'processing');

  await page.getByRole('button', { name: 'Actions on row 1' }).click();
  const rowActions = page.getByTestId('batch-row-actions');
  await expect(rowActions).toContainText('Row 1: Office Supplies');
  await actWithReason(page, 'Hold', 'One payee to check');
  await expect(rowActions.getByRole('button', { name: 'Release', exact: true })).toBeVisible();
  await actWithReason(page, 'Release', 'Payee checked');

  await actWithReason(page, 'Return the batch', 'Refused by compliance after review');
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'returned');
  await expect(page.getByTestId('batch-rows').getByTestId('batch-row-status').first()).toHaveText('Returned');
});

async function confirmedBatch(api: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const groups = (await (await api.get('/api/client/accounts', { headers })).json()).data;
  const eur = groups
    .flatMap(
      (group: { accounts: { data: { id: string; currency: { code: string } }[] } }) => group.accounts.data,
    )
    .find((account: { currency: { code: string } }) => account.currency.code === 'EUR');
  const rows = ['Office Supplies', 'Print Shop'].map((name, at) => ({
    name,
    iban: IBAN,
    amount: 300 + at,
    currency: 'EUR',
    description: `Held ${RUN} ${at}`,
  }));
  const created = await api.post('/api/client/batches', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { account_id: eur.id, rows },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: string = (await created.json()).data.id;
  const before = await newestMessageId(api, BUSINESS);
  expect((await api.post(`/api/client/batches/${id}/code`, { headers })).status()).toBe(201);
  const confirmed = await api.post(`/api/client/batches/${id}/confirm`, {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { code: await newestCode(api, BUSINESS, before) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return id;
}
