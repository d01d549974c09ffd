import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { logIn, visit } from '../support/dashboard';
import { newestCode, newestMessageId } from '../support/operator-session';
import { settlePaymentsNow } from '../support/rails';

// docs/requirements/batch-payments.md: the approved demo business uploads a small CSV at
// 375 px, sees the bad row's problem at its column, deletes it, confirms with the e-mailed code
// and watches the batch complete.
const BUSINESS = 'business@demo.test';
const IBAN = 'DE89370400440532013000';
const CSV = [
  'name,iban,amount,currency,description',
  `Erika Mustermann,${IBAN},1.25,EUR,Invoice 1`,
  'Bad Iban,DE00370400440532013000,1.00,EUR,Invoice 2',
  `Max Weber,${IBAN},2.50,EUR,Invoice 3`,
].join('\n');

async function noSideways(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

test.use({ viewport: { width: 375, height: 812 } });

test('a CSV batch: a bad row removed, confirmed with the code, every row completed', async ({ page }) => {
  await logIn(page, BUSINESS);
  await visit(page, '/dashboard/payments');
  await page.getByRole('link', { name: 'Batch payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Batch payments' })).toBeVisible();
  await page.getByRole('link', { name: 'New batch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New batch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
    'href',
    '/api/client/batches/template.csv',
  );
  await page.getByRole('combobox', { name: 'Pay from' }).click();
  await page
    .getByRole('option', { name: /\(EUR\)/ })
    .first()
    .click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/batch\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'suppliers.csv' })).toBeVisible();
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('1');
  const bad = page.getByTestId('batch-item').filter({ hasText: 'Bad Iban' });
  await expect(bad.getByTestId('batch-row-errors')).toContainText('IBAN');
  await noSideways(page);
  await bad.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('0');
  await expect(page.getByTestId('batch-item')).toHaveCount(2);

  await page.getByRole('link', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm the batch' })).toBeVisible();
  const before = await newestMessageId(page.request, BUSINESS);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await newestCode(page.request, BUSINESS, before);
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm the batch' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/batch\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('batch-status')).not.toHaveAttribute('data-status', 'draft');
  await settlePaymentsNow(page.request);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 15_000,
  });
  await expect(page.getByRole('link', { name: 'Download results (CSV)' })).toBeVisible();
  await noSideways(page);
});
