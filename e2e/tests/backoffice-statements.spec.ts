import { expect, test } from '../fixtures';
import { operatorHeaders, operatorLogIn } from '../support/operator-session';

// Statements in the back office (docs/requirements/statements.md): a compliance operator opens
// the month's fee run from the menu, and a client's record offers every statement file, which
// downloads through the back-office route.
test.describe('back-office statements', () => {
  test.describe.configure({ timeout: 120_000 });

  test("shows the fee run and downloads a client's statement", async ({ page, request }) => {
    const headers = await operatorHeaders(request, 'compliance@demo.test');
    const found = await request.get('/api/backoffice/applications?q=private@demo.test', { headers });
    const clientId: string = (await found.json()).data[0].id;
    await operatorLogIn(page, 'compliance@demo.test');
    await page.getByRole('link', { name: 'Fee run' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fee run' })).toBeVisible();
    await expect(
      page.getByTestId('fee-run').or(page.getByText('No fees were billed for this month.')),
    ).toBeVisible();

    await page.goto(`/backoffice.html#/clients/${clientId}`);
    await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
    const csv = page.getByTestId('backoffice-statement-csv');
    const answer = await page.request.get((await csv.getAttribute('href')) ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/csv');
    const download = page.waitForEvent('download');
    await page.getByTestId('backoffice-statement-pdf').click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});
