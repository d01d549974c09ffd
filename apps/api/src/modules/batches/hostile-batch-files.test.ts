import { describe, expect, it } from 'vitest';
import { readCsv } from './batch-files';
import { csvOf, IBAN, useBatchApi } from './testing/batch-api';
import { inlineRow, xlsxOf } from './testing/hostile-files';
import { measureRuns } from './testing/measure';

// Files no honest client sends (docs/requirements/batch-payments.md "Files"): text the database
// cannot store, bytes that are not UTF-8, a cell longer than its column, one line of megabytes.
// Each is a 4xx problem naming what is wrong, quickly, and leaves nothing behind.
const { accounts, sessions, upload, batchCount } = useBatchApi();
const HEADER = 'name,iban,amount,currency';

async function expectRefused(name: string, data: Buffer, detail: RegExp) {
  const before = await batchCount();
  const started = performance.now();
  const response = await upload(sessions.a, accounts.aEur.id, { name, data });
  // Generous for a busy machine: what this guards against took from seconds to minutes.
  expect(performance.now() - started).toBeLessThan(5_000);
  expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({
    code: 'batch_file_invalid',
    detail: expect.stringMatching(detail),
  });
  expect(await batchCount()).toBe(before);
}

describe('hostile batch files', () => {
  it('refuses NUL and lone surrogates in a CSV or an Excel cell, naming the row and column', async () => {
    const row = (name: string) => `${name},${IBAN},1.00,EUR`;
    await expectRefused(
      'nul.csv',
      Buffer.from(`${HEADER}\n${row('Jane Doe')}\n${row('Jane\u0000Doe')}\n`),
      /^Row 2, name: text must not contain a NUL character$/,
    );
    // A lone surrogate written as UTF-8 bytes is not UTF-8.
    const surrogate = Buffer.concat([
      Buffer.from(`${HEADER}\nJane`),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(`,${IBAN},1.00,EUR\n`),
    ]);
    await expectRefused('surrogate.csv', surrogate, /UTF-8/);
    const cells = (name: string) => inlineRow(2, [name, IBAN, '1.00', 'EUR']);
    const header = inlineRow(1, ['name', 'iban', 'amount', 'currency']);
    await expectRefused(
      'nul.xlsx',
      xlsxOf(header + cells('Jane_x0000_Doe')),
      /^Row 1, name: text must not contain a NUL/,
    );
    await expectRefused(
      'surrogate.xlsx',
      xlsxOf(header + cells('Jane_xD800_')),
      /^Row 1, name: text must be valid Unicode/,
    );
  });

  it('refuses a NUL in the file name with the field that carries it', async () => {
    const before = await batchCount();
    const response = await upload(sessions.a, accounts.aEur.id, {
      name: 'pay\u0000.csv',
      data: csvOf([['Jane Doe', IBAN, '1.00', 'EUR', 'x']]),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'file', code: 'invalid_text' }],
    });
    expect(await batchCount()).toBe(before);
  });

  it('refuses bad UTF-8, a cell longer than its column and a line of megabytes, quickly', async () => {
    await expectRefused(
      'latin1.csv',
      Buffer.from(`${HEADER}\nJos\xe9,${IBAN},1.00,EUR\n`, 'latin1'),
      /UTF-8/,
    );
    await expectRefused(
      'long.csv',
      csvOf([['A'.repeat(201), IBAN, '1.00', 'EUR', 'x']]),
      /^Row 1, name: at most 200 characters$/,
    );
    await expectRefused(
      'iban.csv',
      csvOf([['Jane Doe', 'DE'.repeat(31), '1.00', 'EUR', 'x']]),
      /^Row 1, iban: at most 60 characters$/,
    );
    const huge = Buffer.concat([
      Buffer.from(`${HEADER}\n"`),
      Buffer.alloc(9 * 1024 * 1024, 'a'),
      Buffer.from(`",${IBAN},1.00,EUR\n`),
    ]);
    await expectRefused('huge.csv', huge, /longer than 65,536 characters/);
  }, 30_000);

  it('reads an honest CSV of 10,000 rows without stalling the event loop', async () => {
    const rows = Array.from({ length: 10_000 }, (_, at) => [`Payee ${at}`, IBAN, '1.00', 'EUR', `Row ${at}`]);
    const data = csvOf(rows);
    await readCsv(csvOf(rows.slice(0, 10)));
    const cost = await measureRuns(() => readCsv(data));
    expect(cost.value).toHaveLength(10_000);
    expect(cost.longestStallMs).toBeLessThan(100);
  });
});
