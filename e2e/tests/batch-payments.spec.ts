import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures';
import { logIn, visit } from '../support/dashboard';
import { newestCode, newestMessageId } from '../support/operator-session';
import { settlePaymentsNow } from '../support/rails';

// docs/requirements/batch-payments.md: the approved demo business uploads 50 rows at 375 px,
// sees each bad row's problem at its row and column, fixes two and deletes one, saves a payee
// as a recipient, confirms with the e-mailed code and watches the rows complete, one rejected by
// the clearing simulator with its money back; then an Excel sheet, the same sheet sent again
// (its paid rows a warning the client pays past, its bad rows removed in one go), a pain.001
// file and rows typed into the grid.
const BUSINESS = 'business@demo.test';
const IBAN = 'DE89370400440532013000';
// Descriptions of their own, so no row looks like a payment another journey already made.
const RUN = Date.now().toString(36);

type BatchAnswer = { balance_available: number; status: string };
type RowAnswer = { row: number; name: string; status: string; debit_amount: number; fee: number };

function fiftyRows(): string {
  const lines = ['name,iban,amount,currency,description'];
  for (let n = 1; n <= 50; n++) {
    const name = n === 30 ? 'Max REJECT' : n === 41 ? 'Кирилл Payee' : `Payee ${n}`;
    const iban = n === 7 ? 'DE00370400440532013000' : IBAN;
    const amount = n === 23 ? '1.234' : ((100 + n) / 100).toFixed(2);
    lines.push(`${name},${iban},${amount},EUR,Order ${RUN} ${n}`);
  }
  return lines.join('\n');
}

async function noSideways(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await visit(page, '/dashboard/payments/batch/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New batch' })).toBeVisible();
  await pickAccount(page);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByRole('heading', { level: 1, name: file.name })).toBeVisible();
  return batchIdOf(page);
}

async function pickAccount(page: Page) {
  await page.getByRole('combobox', { name: 'Pay from' }).click();
  await page
    .getByRole('option', { name: /\(EUR\)/ })
    .first()
    .click();
}

function batchIdOf(page: Page): string {
  const id = /\/batch\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id as string;
}

async function confirmWithCode(page: Page, { onConfirmPage = false } = {}) {
  if (!onConfirmPage) await page.getByRole('link', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm the batch' })).toBeVisible();
  const before = await newestMessageId(page.request, BUSINESS);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await enterCode(page, await newestCode(page.request, BUSINESS, before), 'Confirm the batch');
  await expect(page).toHaveURL(/\/dashboard\/payments\/batch\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('batch-status')).not.toHaveAttribute('data-status', 'draft');
}

async function enterCode(page: Page, code: string, submit: string) {
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: submit }).click();
}

const batchOf = async (page: Page, id: string): Promise<BatchAnswer> =>
  (await (await page.request.get(`/api/client/batches/${id}`)).json()).data;
const rowsOf = async (page: Page, id: string): Promise<RowAnswer[]> =>
  (await (await page.request.get(`/api/client/batches/${id}/rows?limit=100`)).json()).data;

test.use({ viewport: { width: 375, height: 812 } });

test('50 rows: three problems shown at their rows, fixed or deleted, confirmed, one rejected and its money back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, BUSINESS);
  await visit(page, '/dashboard/payments');
  await page.getByRole('link', { name: 'Batch payments' }).click();
  await page.getByRole('link', { name: 'New batch' }).click();
  await expect(page.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
    'href',
    '/api/client/batches/template.csv',
  );
  const id = await upload(page, {
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(fiftyRows()),
  });
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('3');
  const item = (row: number) => page.locator(`[data-testid="batch-item"][data-row="${row}"]`);
  await expect(item(7).getByTestId('batch-row-errors')).toContainText('IBAN');
  await expect(item(23).getByTestId('batch-row-errors')).toContainText('Amount');
  await expect(item(41).getByTestId('batch-row-errors')).toContainText('Name');
  await expect(page.getByRole('link', { name: 'Confirm' })).toHaveAttribute('data-disabled', 'true');
  await noSideways(page);

  await fixRow(page, 7, 'iban', IBAN);
  await fixRow(page, 23, 'amount', '1.23');
  await item(41).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('0');
  await expect(page.getByTestId('batch-item')).toHaveCount(49);

  // A row's payee saved as a recipient through the one recipient form, then back to the batch.
  await item(1).getByRole('link', { name: 'Save as recipient' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Payee 1');
  await expect(page.getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(IBAN);
  const asked = await newestMessageId(page.request, BUSINESS);
  await page.getByRole('button', { name: 'Save' }).click();
  await enterCode(page, await newestCode(page.request, BUSINESS, asked), 'Confirm recipient');
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/batch/${id}$`));

  const before = (await batchOf(page, id)).balance_available;
  await confirmWithCode(page);
  await settlePaymentsNow(page.request);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 15_000,
  });
  await page.getByRole('radiogroup', { name: 'Show rows' }).getByText('Rejected', { exact: true }).click();
  await expect(page.getByTestId('batch-item')).toHaveCount(1);
  await expect(page.getByTestId('batch-item')).toContainText('Max REJECT');
  await expect(page.getByRole('link', { name: 'Download results (CSV)' })).toBeVisible();
  await noSideways(page);

  // Only the completed rows left the account: the rejected row's hold went back.
  const rows = await rowsOf(page, id);
  expect(rows.filter((row) => row.status === 'rejected').map((row) => row.name)).toEqual(['Max REJECT']);
  const completed = rows.filter((row) => row.status === 'completed');
  expect(completed).toHaveLength(48);
  const paid = completed.reduce((sum, row) => sum + row.debit_amount + row.fee, 0);
  expect(before - (await batchOf(page, id)).balance_available).toBe(paid);
});

async function fixRow(page: Page, row: number, column: string, value: string) {
  const item = page.locator(`[data-testid="batch-item"][data-row="${row}"]`);
  await item.getByRole('button', { name: 'Fix' }).click();
  await page.getByTestId(`batch-edit-${column}`).fill(value);
  await page.getByTestId('batch-edit-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(item.getByTestId('batch-row-errors')).toHaveCount(0);
}

async function payrollSheet(extra: string[][] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payments');
  sheet.addRow(['name', 'iban', 'amount', 'currency', 'description']);
  sheet.addRow(['Jane Doe', IBAN, '12.50', 'EUR', `Sheet ${RUN} 1`]);
  sheet.addRow(['John Roe', IBAN, '3.00', 'EUR', `Sheet ${RUN} 2`]);
  for (const row of extra) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('an Excel sheet, the same sheet again, a pain.001 file and typed rows are checked; the first three confirmed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, BUSINESS);
  await upload(page, { name: 'payroll.xlsx', mimeType: XLSX, buffer: await payrollSheet() });
  await expect(page.getByTestId('batch-item')).toHaveCount(2);
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('0');
  const item = (row: number) => page.locator(`[data-testid="batch-item"][data-row="${row}"]`);
  await expect(item(1).getByTestId('batch-row-destination')).toHaveText('To DE89 3704 0044 0532 0130 00');
  await confirmWithCode(page);
  await noSideways(page);

  // The same sheet again, with two bad rows: the rows paid just now are a warning, not a problem.
  await upload(page, {
    name: 'payroll-again.xlsx',
    mimeType: XLSX,
    buffer: await payrollSheet([
      ['Bad Iban', 'DE00370400440532013000', '4.00', 'EUR', `Sheet ${RUN} 3`],
      ['A Debit Sign', IBAN, '-50.00', 'EUR', `Sheet ${RUN} 4`],
    ]),
  });
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('2');
  await expect(page.getByTestId('batch-duplicates')).toContainText('2 rows look like payments you made');
  await expect(item(1).getByTestId('batch-row-duplicate')).toContainText(
    /^Possible duplicate of \d{2}-\d{2}-\d{4}, 12\.50\u00a0EUR, Jane Doe/,
  );
  await expect(item(4).getByTestId('batch-row-errors')).toContainText('Negative amounts are not allowed');
  await expect(page.getByRole('link', { name: 'Confirm' })).toHaveAttribute('data-disabled', 'true');
  await noSideways(page);
  await page.getByRole('button', { name: 'Remove all 2 rows with problems' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('batch-rows-invalid')).toContainText('0');
  await expect(page.getByTestId('batch-rows-total')).toContainText('2');
  await expect(page.getByTestId('batch-item')).toHaveCount(2);
  // The warning does not stop the Confirm link; the confirmation asks for the client's word first.
  await page.getByRole('link', { name: 'Confirm' }).click();
  await expect(page.getByTestId('batch-send-code')).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Pay the 2 rows that look like recent payments anyway' }).check();
  await confirmWithCode(page, { onConfirmPage: true });

  await upload(page, { name: 'pain001.xml', mimeType: 'application/xml', buffer: Buffer.from(pain001()) });
  await expect(page.getByTestId('batch-item')).toHaveCount(2);
  await expect(page.getByTestId('batch-item').first()).toContainText('Pain Payee 1');
  await confirmWithCode(page);
  await settlePaymentsNow(page.request);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 15_000,
  });

  // Typed in the grid: a row added, a blank one removed, sent as JSON rows.
  await visit(page, '/dashboard/payments/batch/new');
  await pickAccount(page);
  await page.getByTestId('batch-source').getByText('Type the rows', { exact: true }).click();
  const grid = page.getByTestId('batch-grid');
  await grid.getByRole('textbox', { name: 'Name, row 1', exact: true }).fill('Grid Payee');
  await grid.getByRole('textbox', { name: 'IBAN, row 1', exact: true }).fill(IBAN);
  await grid.getByRole('textbox', { name: 'Amount, row 1', exact: true }).fill('4,20');
  await grid.getByRole('textbox', { name: 'Currency, row 1', exact: true }).fill('EUR');
  await grid.getByRole('textbox', { name: 'Description, row 1', exact: true }).fill(`Grid ${RUN}`);
  await page.getByRole('button', { name: 'Remove row 3' }).click();
  await page.getByRole('button', { name: 'Add a row' }).click();
  await expect(page.getByTestId('batch-grid-row')).toHaveCount(3);
  await grid.getByRole('textbox', { name: 'Name, row 3', exact: true }).fill('Second Grid Payee');
  await grid.getByRole('textbox', { name: 'IBAN, row 3', exact: true }).fill(IBAN);
  await grid.getByRole('textbox', { name: 'Amount, row 3', exact: true }).fill('1.05');
  await grid.getByRole('textbox', { name: 'Currency, row 3', exact: true }).fill('EUR');
  await noSideways(page);
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/batch\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('batch-item')).toHaveCount(2);
  const typed = await batchOf(page, batchIdOf(page));
  expect(typed).toMatchObject({ status: 'draft' });
  const rows = await rowsOf(page, batchIdOf(page));
  expect(rows.map((row) => [row.name, row.status])).toEqual([
    ['Grid Payee', 'valid'],
    ['Second Grid Payee', 'valid'],
  ]);
});

/** A pain.001.001.09 file of two SEPA payments, as a company's bank software writes one. */
function pain001() {
  const transfer = (n: number) => `
      <CdtTrfTxInf>
        <PmtId><EndToEndId>E2E${RUN}${n}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="EUR">${n}.00</InstdAmt></Amt>
        <CdtrAgt><FinInstnId><BICFI>PSSTFRPPXXX</BICFI></FinInstnId></CdtrAgt>
        <Cdtr><Nm>Pain Payee ${n}</Nm></Cdtr>
        <CdtrAcct><Id><IBAN>FR1420041010050500013M02606</IBAN></Id></CdtrAcct>
        <RmtInf><Ustrd>Pain ${RUN} ${n}</Ustrd></RmtInf>
      </CdtTrfTxInf>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>E2E-${RUN}</MsgId><CreDtTm>2026-11-01T10:00:00Z</CreDtTm><NbOfTxs>2</NbOfTxs><CtrlSum>3.00</CtrlSum>
      <InitgPty><Nm>Demo Business</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>E2E-${RUN}-1</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>false</BtchBookg>
      <NbOfTxs>2</NbOfTxs><CtrlSum>3.00</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
      <ReqdExctnDt><Dt>2026-11-02</Dt></ReqdExctnDt>
      <Dbtr><Nm>Demo Business</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${IBAN}</IBAN></Id></DbtrAcct>
      <DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>${transfer(1)}${transfer(2)}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>`;
}
