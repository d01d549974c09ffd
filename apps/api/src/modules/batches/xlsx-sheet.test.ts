import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deflatedZeros,
  inlineCell,
  inlineRow,
  partOf,
  sheetXml,
  workbookParts,
  xlsxOf,
  zipOf,
} from './testing/hostile-files';
import { measureRuns, refusalOf } from './testing/measure';
import { readXlsx } from './xlsx-sheet';

// The limits of the Excel reader (docs/requirements/batch-payments.md "Files"): a zip bomb, the
// one long shared string every cell points at, entities and deep nesting are refused in bounded
// time and memory, and no file keeps the event loop from other requests for long.
const IBAN = 'DE89370400440532013000';
const HEADER = inlineRow(1, ['name', 'iban', 'amount', 'currency']);
const MAX_MS = 2_000;
const MAX_GROWTH_MB = 100;
const MAX_STALL_MS = 100;

async function expectRefusedCheaply(data: Buffer, reason: RegExp) {
  const cost = await measureRuns(() => readXlsx(data));
  expect(refusalOf(cost)).toMatch(reason);
  expect(cost.ms).toBeLessThan(MAX_MS);
  expect(cost.memoryGrowthMb).toBeLessThan(MAX_GROWTH_MB);
  expect(cost.longestStallMs).toBeLessThan(MAX_STALL_MS);
  return cost;
}

describe('the Excel reader', () => {
  // A running server has compiled its reader long before a hostile file comes: the first read,
  // compiling it, is no measure of a stall.
  beforeAll(() => readXlsx(xlsxOf(HEADER + inlineRow(2, ['Jane Doe', IBAN, '1.00', 'EUR']))));

  it('refuses a zip bomb that lies about its sizes, a truthful one, and one packed too tight', async () => {
    const zeros = deflatedZeros(300);
    const lying = { name: 'sheet', deflated: zeros, size: 4_096, crc: 0 };
    await expectRefusedCheaply(zipOf(workbookParts(lying)), /batch_file_invalid: .*unpacks too large/);
    const truthful = { ...lying, size: 300 * 1024 * 1024 };
    await expectRefusedCheaply(zipOf(workbookParts(truthful)), /batch_file_invalid: .*unpacks too large/);
    // Within the size limits, but a thousand bytes of sheet for every byte sent.
    const packed = partOf('sheet', sheetXml(HEADER + ' '.repeat(20 * 1024 * 1024)));
    await expectRefusedCheaply(zipOf(workbookParts(packed)), /batch_file_invalid: .*unpacks too large/);
  }, 60_000);

  it('refuses 10,000 cells pointing at one long shared string quickly, and keeps no long text', async () => {
    const long = 'A'.repeat(100_000);
    const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>name</t></si><si><t>${long}</t></si></sst>`;
    const rows = (column: string) =>
      Array.from(
        { length: 10_000 },
        (_, at) =>
          `<row r="${at + 2}"><c r="${column}${at + 2}" t="s"><v>1</v></c><c r="B${at + 2}" t="inlineStr"><is><t>${IBAN}</t></is></c><c r="C${at + 2}"><v>1.5</v></c><c r="D${at + 2}" t="inlineStr"><is><t>EUR</t></is></c></row>`,
      ).join('');
    const header = `<row r="1"><c r="A1" t="s"><v>0</v></c>${['B1', 'C1', 'D1', 'E1']
      .map((reference, at) => inlineCell(reference, ['iban', 'amount', 'currency', 'notes'][at] ?? ''))
      .join('')}</row>`;
    await expectRefusedCheaply(xlsxOf(header + rows('A'), sst), /Row 1, name: at most 200 characters/);
    // In a column no payment reads, the same text costs nothing and is not kept.
    const elsewhere = xlsxOf(header + rows('E'), sst);
    const cost = await measureRuns(() => readXlsx(elsewhere));
    expect(cost.error).toBeUndefined();
    expect(cost.value).toHaveLength(10_000);
    expect(cost.value?.[0]).toEqual({ row: 1, fields: { iban: IBAN, amount: '1.5', currency: 'EUR' } });
    expect(cost.longestStallMs).toBeLessThan(MAX_STALL_MS);
  }, 60_000);

  it('refuses a sheet whose cells, each within its column, multiply past the text a batch may hold', async () => {
    const texts = [
      'name',
      'description',
      'address',
      'bank_name',
      'N'.repeat(200),
      'D'.repeat(300),
      'A'.repeat(300),
    ];
    const sst = `<sst>${[...texts, 'B'.repeat(200)].map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`;
    const shared = (row: number, indexes: number[]) =>
      `<row r="${row}">${indexes.map((index, at) => `<c r="${String.fromCharCode(65 + at)}${row}" t="s"><v>${index}</v></c>`).join('')}${inlineCell(`E${row}`, '1.00')}${inlineCell(`F${row}`, 'EUR')}</row>`;
    const header = `<row r="1">${['A1', 'B1', 'C1', 'D1'].map((reference, at) => `<c r="${reference}" t="s"><v>${at}</v></c>`).join('')}${inlineCell('E1', 'amount')}${inlineCell('F1', 'currency')}</row>`;
    const body = Array.from({ length: 10_000 }, (_, at) => shared(at + 2, [4, 5, 6, 7])).join('');
    await expectRefusedCheaply(xlsxOf(header + body, sst), /more text than a batch of payments can/);
  }, 60_000);

  it('reads an honest sheet of 10,000 rows without stalling the event loop', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Payments');
    sheet.addRow(['name', 'iban', 'amount', 'currency', 'description']);
    for (let at = 0; at < 10_000; at++) sheet.addRow([`Payee ${at}`, IBAN, 1.25, 'EUR', `Row ${at}`]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const cost = await measureRuns(() => readXlsx(data));
    expect(cost.error).toBeUndefined();
    expect(cost.value).toHaveLength(10_000);
    expect(cost.value?.[9_999]).toEqual({
      row: 10_000,
      fields: { name: 'Payee 9999', iban: IBAN, amount: '1.25', currency: 'EUR', description: 'Row 9999' },
    });
    expect(cost.longestStallMs).toBeLessThan(MAX_STALL_MS);
  }, 60_000);

  it('refuses entities, document types and deep nesting before they cost anything', async () => {
    const laughs = `<!DOCTYPE l [<!ENTITY a "lollollol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>`;
    const withDoctype = (doctype: string, rows: string) =>
      zipOf(workbookParts(partOf('sheet', sheetXml(rows, doctype))));
    await expectRefusedCheaply(withDoctype(laughs, inlineRow(1, ['&c;'])), /Document type/);
    const external = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>';
    await expectRefusedCheaply(withDoctype(external, inlineRow(1, ['&e;'])), /Document type/);
    await expectRefusedCheaply(xlsxOf(inlineRow(1, ['&undefined;'])), /not a readable Excel/);
    const deep = `${'<is>'.repeat(100_000)}${'</is>'.repeat(100_000)}`;
    await expectRefusedCheaply(xlsxOf(`${HEADER}<row r="2">${deep}</row>`), /not a readable Excel/);
  });

  it('refuses NUL and lone surrogates written as escapes, naming the row and column', async () => {
    const nul = xlsxOf(HEADER + inlineRow(2, ['Jane_x0000_Doe', IBAN, '1.00', 'EUR']));
    await expect(readXlsx(nul)).rejects.toThrow('Row 1, name: text must not contain a NUL character');
    const surrogate = xlsxOf(
      HEADER + inlineRow(2, ['Jane', IBAN, '1.00', 'EUR']) + inlineRow(3, ['Jo', IBAN, '1_xD800_', 'EUR']),
    );
    await expect(readXlsx(surrogate)).rejects.toThrow('Row 2, amount: text must be valid Unicode');
    await expect(
      readXlsx(xlsxOf(`${HEADER}<row r="2"><c r="A2"><f>1+1</f><v>2</v></c></row>`)),
    ).rejects.toThrow('formulas');
  });
});
