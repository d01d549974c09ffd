import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { logIn, PRIVATE, visit } from '../support/dashboard';
import { newestCode, newestMessageId } from '../support/operator-session';

// docs/requirements/recipients.md: a payee typed by hand is saved as a recipient from its
// payment's page, through the recipient form and its code, after which the page no longer
// offers it; a recipient whose code step was abandoned and which is added again is listed once,
// marked as awaiting its code, with the way to finish saving it.
const PAID_BY_HAND = 'DE02120300000000202051';
const ABANDONED = 'NL91ABNA0417164300';

async function enterCode(page: Page, code: string, submit: string) {
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: submit }).click();
}

async function fillSepaPayee(page: Page, name: string, iban: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill(iban);
  await expect(page.locator('[data-iban-state]')).toHaveAttribute('data-iban-state', 'valid', {
    timeout: 15_000,
  });
}

test.describe('recipients', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await logIn(page, PRIVATE);
  });

  test('a payee typed by hand is saved as a recipient from its payment, once', async ({ page }) => {
    await visit(page, '/dashboard/payments/sepa?recipient=new');
    await fillSepaPayee(page, 'Clara Hand', PAID_BY_HAND);
    await page.getByTestId('amount').fill('5');
    const before = await newestMessageId(page.request, PRIVATE);
    await page.getByRole('button', { name: 'Review payment' }).click();
    await enterCode(page, await newestCode(page.request, PRIVATE, before), 'Confirm payment');
    await expect(page).toHaveURL(/payments\/done\?payment=/);
    const paymentId = /payment=([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

    await visit(page, `/dashboard/payments/${paymentId}`);
    await page.getByTestId('save-as-recipient').click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Clara Hand');
    await expect(page.getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(PAID_BY_HAND);
    const asked = await newestMessageId(page.request, PRIVATE);
    await page.getByRole('button', { name: 'Save' }).click();
    await enterCode(page, await newestCode(page.request, PRIVATE, asked), 'Confirm recipient');
    await expect(page).toHaveURL(/#\/dashboard\/recipients$/);
    await expect(page.getByTestId('recipient-row').filter({ hasText: 'Clara Hand' })).toHaveCount(1);

    // Saved: the payment's page no longer offers it.
    await visit(page, `/dashboard/payments/${paymentId}`);
    await expect(page.getByTestId('copy-payment')).toBeVisible();
    await expect(page.getByTestId('save-as-recipient')).toHaveCount(0);
  });

  test('a recipient added again after an abandoned code step is listed once, awaiting its code', async ({
    page,
  }) => {
    for (const name of ['Lena Vogel', 'Lena M. Vogel']) {
      await visit(page, '/dashboard/recipients');
      await page.getByRole('link', { name: 'Add recipient' }).click();
      await fillSepaPayee(page, name, ABANDONED);
      await page.getByRole('button', { name: 'Save' }).click();
      // The code step, left without a code.
      await expect(page.locator('.mantine-PinInput-input').first()).toBeVisible();
    }
    await visit(page, '/dashboard/recipients');
    const rows = page.getByTestId('recipient-row').filter({ hasText: 'Lena' });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Lena M. Vogel');
    await expect(rows).toContainText('Awaiting code');
    await expect(rows.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    // Finished with the newest code (the one sent for the second addition).
    await rows.getByRole('link', { name: 'Finish saving' }).click();
    await enterCode(page, await newestCode(page.request, PRIVATE), 'Confirm recipient');
    await expect(page).toHaveURL(/#\/dashboard\/recipients$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('link', { name: 'Pay' })).toBeVisible();
    await expect(rows).not.toContainText('Awaiting code');
  });
});
