import { extractText, getDocumentProxy } from 'unpdf';
import { expect, seriousViolations, test } from '../fixtures';
import { apiAccounts, logIn, PRIVATE, visit } from '../support/dashboard';

// Statements (docs/requirements/statements.md, /dashboard/statements): the approved demo client
// reads last month's lines on screen (each kind by its one label, with who paid or was paid),
// downloads each of the five files for last month and this year, reads the PDF's text, chooses
// "All accounts" and downloads the one CSV covering each account, and finds the kept monthly
// statements of its history. Every date on the page reads DD-MM-YYYY.
const FILES = [
  ['pdf', 'application/pdf'],
  ['csv', 'text/csv'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['camt053', 'application/xml'],
  ['mt940', 'text/plain'],
] as const;

test.describe('statements', () => {
  test.describe.configure({ timeout: 120_000 });

  test('downloads every format for last month and this year, and lists the monthly statements', async ({
    page,
    consoleErrors,
  }) => {
    await logIn(page, PRIVATE);
    const accounts = await apiAccounts(page);
    const eur = accounts.find((account) => account.currency.code === 'EUR');
    if (!eur) throw new Error('the private demo client has no EUR account');
    await visit(page, `/dashboard/statements?account=${eur.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
    await page.getByText('Last month', { exact: true }).click();
    // The demo's month: money in from Contoso GmbH, a SEPA payment to Lindenhof Immobilien and its fee.
    const rows = page.getByTestId('transaction-row');
    await expect(rows.filter({ hasText: 'Incoming payment' }).first()).toContainText('Contoso GmbH');
    await expect(rows.filter({ hasText: 'SEPA payment' }).first()).toContainText('Lindenhof Immobilien');
    await expect(rows.filter({ hasText: 'Payment fee' }).first()).toContainText('Bluepeak');
    await expect(rows.first().locator('td').first()).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
    expect((await rows.allTextContents()).join()).not.toMatch(/_/);
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(/^01-\d{2}-\d{4}$/);
    for (const preset of ['Last month', 'This year']) {
      await page.getByText(preset, { exact: true }).click();
      await expect(page.getByTestId('statement-closing')).toBeVisible();
      for (const [format, mime] of FILES) {
        const href = await page.getByTestId(`statement-download-${format}`).getAttribute('href');
        const response = await page.request.get(href ?? '');
        expect(response.status(), `${preset} ${format}`).toBe(200);
        expect(response.headers()['content-type']).toContain(mime);
        expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="statement-EUR-/);
        const body = await response.body();
        if (format === 'pdf') {
          const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
            mergePages: true,
          });
          expect(text).toContain('Opening balance');
          expect(text).toContain('Closing balance');
          expect(text).toContain('Page 1');
          expect(text).toMatch(/\d{2}-\d{2}-\d{4}/);
          expect(text).toContain('Contoso GmbH');
          expect(text).toContain('Incoming payment');
        }
        if (format === 'csv') expect(body.toString('utf8')).toMatch(/,Incoming payment,Contoso GmbH,/);
        if (format === 'camt053') expect(body.toString('utf8')).toContain('<Cd>CLBD</Cd>');
        if (format === 'mt940') expect(body.toString('utf8')).toMatch(/^:20:/);
      }
    }
    await page.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: 'All accounts', exact: true }).click();
    const all = page.getByTestId('all-accounts-statement');
    const allHref = await all.getByTestId('statement-download-csv').getAttribute('href');
    expect(allHref).not.toContain('account_id');
    const allCsv = await page.request.get(allHref ?? '');
    expect(allCsv.headers()['content-disposition']).toMatch(/^attachment; filename="statement-all-accounts-/);
    const currencies = (await allCsv.text())
      .split('\r\n')
      .filter((row) => row.startsWith('opening,'))
      .map((row) => row.split(',')[8]);
    expect(currencies.sort()).toEqual(accounts.map((account) => account.currency.code).sort());
    const monthly = page.getByTestId('monthly-statements');
    await expect(monthly).toBeVisible();
    await expect(monthly.getByRole('row')).not.toHaveCount(1);
    await expect(monthly.getByRole('row').nth(1)).toContainText(/01-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
    const monthlyPdf = await monthly.getByRole('link', { name: 'PDF' }).first().getAttribute('href');
    expect((await page.request.get(monthlyPdf ?? '')).status()).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('orders a reference letter in settings, sees its fee and downloads it', async ({
    page,
    consoleErrors,
  }) => {
    await logIn(page, PRIVATE);
    await visit(page, '/dashboard/settings');
    await page.getByRole('button', { name: 'Order a reference letter' }).click();
    const letters = page.getByTestId('reference-letters');
    await expect(letters.getByTestId('letter-fee').first()).toBeVisible();
    // The private demo client lives in the UK: the letter is free there.
    await expect(letters.getByTestId('letter-fee').first()).toHaveText('Free');
    const href = await letters.getByRole('link', { name: 'Download PDF' }).first().getAttribute('href');
    const pdf = await page.request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
      mergePages: true,
    });
    expect(text).toContain('Bank reference letter');
    expect(text).toContain('Verification code');
    expect(consoleErrors).toEqual([]);
  });
});
