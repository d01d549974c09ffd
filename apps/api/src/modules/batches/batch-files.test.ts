import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { latestCode } from '../payments/testing/payment-fixtures';
import { buildPain001 } from '../rails';
import { A, csvOf, useBatchApi } from './testing/batch-api';

// The other ways in (docs/requirements/batch-payments.md "Files"): an Excel sheet, a pain.001
// file with its pain.002 answer, 10,000 rows at once, and a code that fits one batch only.
const { accounts, sessions, upload, uploadRows, call, test } = useBatchApi();
const IBAN = 'DE89370400440532013000';

describe('batch files', () => {
  it('takes an Excel sheet with the template columns', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Payments');
    sheet.addRow(['name', 'iban', 'amount', 'currency', 'description']);
    sheet.addRow(['Jane Doe', IBAN, '12.50', 'EUR', 'Invoice 7']);
    sheet.addRow(['John Roe', 'XX00', '1.00', 'EUR', 'Invoice 8']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const created = await upload(sessions.a, accounts.aEur.id, { name: 'pay.xlsx', data });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ source_format: 'xlsx', rows_valid: 1, rows_invalid: 1 });
  });

  it('takes a pain.001 file checked against its schema, and answers with pain.002', async () => {
    const xml = buildPain001({
      rail: 'sepa',
      messageId: 'MSG42',
      createdAt: new Date('2026-11-01T10:00:00Z'),
      executionDate: '2026-11-02',
      debtor: { name: 'Demo Business', iban: IBAN, bic: 'COBADEFFXXX' },
      transfers: [1, 2].map((n) => ({
        endToEndId: `E2E${n}`,
        amountMinor: 1_000 * n,
        currency: 'EUR',
        exponent: 2,
        ultimateDebtorName: 'Demo Business',
        creditor: { name: `Payee ${n}`, iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' },
        remittance: `Invoice ${n}`,
      })),
    });
    const created = await upload(sessions.a, accounts.aEur.id, { name: 'pay.xml', data: Buffer.from(xml) });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch).toMatchObject({ source_format: 'pain.001', rows_valid: 2 });
    expect(batch.totals).toEqual([{ currency: 'EUR', amount: 3_000, rows: 2 }]);
    const answer = await call(sessions.a, 'GET', `/${batch.id}/results?format=pain002`);
    expect(answer.body).toContain('<OrgnlMsgId>MSG42</OrgnlMsgId>');
    const broken = xml.replace('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>two</NbOfTxs>');
    expectProblem(
      await upload(sessions.a, accounts.aEur.id, { name: 'bad.xml', data: Buffer.from(broken) }),
      422,
    );
  });

  it('accepts 10,000 rows in one file', async () => {
    const rows = Array.from({ length: 10_000 }, (_, at) => [`Payee ${at}`, IBAN, '1.00', 'EUR', `Row ${at}`]);
    const created = await upload(sessions.a, accounts.aEur.id, { name: 'big.csv', data: csvOf(rows) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ rows_total: 10_000, rows_valid: 10_000 });
  }, 120_000);

  it('binds the code to one batch: another batch refuses it', async () => {
    const row = { name: 'Jane Doe', iban: IBAN, amount: 100, currency: 'EUR' };
    const first = (await uploadRows(sessions.a, accounts.aEur.id, [row])).json().data;
    const second = (await uploadRows(sessions.a, accounts.aEur.id, [{ ...row, amount: 200 }])).json().data;
    expect((await call(sessions.a, 'POST', `/${first.id}/code`)).statusCode).toBe(201);
    const code = await latestCode(test.app, A);
    expect((await call(sessions.a, 'POST', `/${second.id}/code`)).statusCode).toBe(201);
    expectProblem(await call(sessions.a, 'POST', `/${second.id}/confirm`, { code }), 422);
  });
});
