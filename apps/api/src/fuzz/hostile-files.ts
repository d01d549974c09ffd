import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { deflatedZeros, workbookParts, zipOf } from '../modules/batches/testing/hostile-files';

// File contents for the fuzz run: CSV and XLSX payment files whose cells carry the text a
// database or a spreadsheet cannot take, amounts at and past what a currency can hold, and
// files built to exhaust a parser (a zip that lies about its sizes, one long shared string
// under every cell), plus PDFs and images that hide active content. The run uploads each
// wherever the API takes a file: a batch upload, an attachment, a statement or rate file.
export type HostileFile = { kind: string; fileName: string; mime: string; data: Buffer };

/** Amounts at a currency's maximum (10,000,000.00 EUR), past it and past 2^53: never a 500. */
export const HOSTILE_AMOUNTS = [
  '10000000.00',
  '10000000.01',
  '1000000000.000',
  '9007199254740990',
  '9007199254740991',
  '9007199254740993',
  '90071992547409.90',
  '1000000000000000',
  '999999999999.99',
  '1e309',
  '-0',
  '0.001',
  '1,000.00',
  '١٢٣',
];

const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udfff',
  '_x0000_',
  'Alex _xD800_ Morgan',
  '_xDFFF_',
  'x'.repeat(10_000),
  'Ä'.repeat(300),
  '=HYPERLINK("http://example.test")',
  '+1+1',
  '@SUM(A1)',
  '\u202eevil',
  '<script>alert(1)</script>',
  '"unbalanced',
  'a\r\nb',
  '   ',
];

const HEADER = ['name', 'iban', 'amount', 'currency', 'reference'];
const CURRENCIES = ['EUR', 'GBP', 'JPY', 'KWD', 'BHD', 'USD', 'XXX', 'eur', ''];
const IBAN = 'DE89370400440532013000';

const cell = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** One payment row with one or more hostile cells; the rest plausible. */
const row = fc
  .record({
    name: fc.oneof(fc.constant('Alex Morgan'), cell),
    iban: fc.oneof({ weight: 3, arbitrary: fc.constant(IBAN) }, { weight: 1, arbitrary: cell }),
    amount: fc.oneof(fc.constantFrom(...HOSTILE_AMOUNTS), fc.constant('12.50'), cell),
    currency: fc.constantFrom(...CURRENCIES),
    reference: fc.oneof(fc.constant('Invoice 1'), cell),
  })
  .map((fields) => HEADER.map((column) => fields[column as keyof typeof fields]));

const csvQuote = (value: string) => `"${value.replaceAll('"', '""')}"`;

function csvFile(rows: string[][], badBytes: Buffer | null): Buffer {
  const lines = [HEADER, ...rows].map((cells) => cells.map(csvQuote).join(','));
  const text = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  if (!badBytes) return text;
  // Bytes no UTF-8 text has (a lone surrogate's encoding, 0xFF) inside a name.
  const broken = Buffer.concat([Buffer.from('"Al'), badBytes, Buffer.from(`ex",${IBAN},1.00,EUR,x\r\n`)]);
  return Buffer.concat([text, broken]);
}

async function xlsxFile(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payments');
  sheet.addRow(HEADER);
  for (const cells of rows) sheet.addRow(cells);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Every cell of many rows points at one long shared string: small on the wire, huge if stored. */
function sharedStringBomb(): Promise<Buffer> {
  const long = 'Z'.repeat(60_000);
  return xlsxFile(Array.from({ length: 2_000 }, () => [long, long, long, 'EUR', long]));
}

/** A workbook whose sheet declares 100 bytes while it inflates to `inflated` bytes of zeros. */
function lyingZip(inflated: number): Buffer {
  const sheet = { name: 'sheet', deflated: deflatedZeros(Math.ceil(inflated / 2 ** 20)), size: 100, crc: 0 };
  return zipOf(workbookParts(sheet));
}

/** What the lying zip inflates to: more than any guard allows, and plain to see in memory. */
export const LYING_ZIP_BYTES = 400 * 1024 * 1024;

const PDF_ACTIVE = [
  '1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj',
  '1 0 obj<</Type/Catalog/OpenAction<</S/J#61vaScript/JS(app.alert(1))>>>>endobj',
  '1 0 obj<</Type/Catalog/OpenAction<</S/GoToR/F(file:///etc/passwd)>>>>endobj',
  `1 0 obj<</Type/ObjStm/N 1/First 4/Filter/ASCIIHexDecode/Length 80>>stream\n${Buffer.from(
    '2 0 <</S/JavaScript/JS(app.alert(1))>>',
  ).toString('hex')}>\nendstream endobj`,
];

function pdfFile(body: string): Buffer {
  return Buffer.from(`%PDF-1.7\n${body}\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The fixed files every run includes, built once: each is an attack of its own. */
async function fixedFiles(): Promise<HostileFile[]> {
  const xlsx = (kind: string, data: Buffer): HostileFile => ({
    kind,
    fileName: 'payments.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data,
  });
  return [
    xlsx('xlsx: a zip that lies about its sizes', lyingZip(LYING_ZIP_BYTES)),
    xlsx('xlsx: one long shared string under every cell', await sharedStringBomb()),
    ...PDF_ACTIVE.map((body, at) => ({
      kind: `pdf: active content ${at + 1}`,
      fileName: 'document.pdf',
      mime: 'application/pdf',
      data: pdfFile(body),
    })),
    {
      // Each `obj` starts a reader and each `%` a comment to the end of the line: once, this
      // rescanned the rest of the file at every start (minutes for a megabyte).
      kind: 'pdf: ten thousand objects that are comments',
      fileName: 'document.pdf',
      mime: 'application/pdf',
      data: pdfFile(`${'obj%'.repeat(10_000)}${' '.repeat(1024 * 1024)}`),
    },
    {
      kind: 'pdf: 200,000 stray closing brackets',
      fileName: 'document.pdf',
      mime: 'application/pdf',
      data: pdfFile(`1 0 obj ${']'.repeat(200_000)}`),
    },
    {
      kind: 'png: a signature and nothing else',
      fileName: 'photo.png',
      mime: 'image/png',
      data: Buffer.concat([PNG_SIGNATURE, Buffer.from('\u0000'.repeat(64))]),
    },
    {
      kind: 'pdf: a PNG inside',
      fileName: 'document.pdf',
      mime: 'application/pdf',
      data: Buffer.concat([PNG_SIGNATURE, pdfFile(PDF_ACTIVE[0] ?? '')]),
    },
  ];
}

const generated = fc.record({
  format: fc.constantFrom('csv', 'xlsx'),
  rows: fc.array(row, { minLength: 1, maxLength: 4 }),
  badBytes: fc.option(fc.constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe], [0xc0, 0x80]), { nil: null }),
});

/**
 * The files a fuzz run uploads: the fixed attacks and `count` generated CSV and XLSX payment
 * files, the same ones for the same seed.
 */
export async function hostileFiles(seed: number, count: number): Promise<HostileFile[]> {
  const files = await fixedFiles();
  for (const spec of fc.sample(generated, { seed, numRuns: count })) {
    const first = spec.rows[0]?.find((value) => value !== IBAN && value !== 'Alex Morgan') ?? '';
    const kind = `${spec.format}: ${JSON.stringify(first.slice(0, 40))}`;
    files.push(
      spec.format === 'csv'
        ? {
            kind: spec.badBytes ? `csv: bytes ${spec.badBytes.join(' ')} in a cell` : kind,
            fileName: 'payments.csv',
            mime: 'text/csv',
            data: csvFile(spec.rows, spec.badBytes ? Buffer.from(spec.badBytes) : null),
          }
        : {
            kind,
            fileName: 'payments.xlsx',
            mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            data: await xlsxFile(spec.rows),
          },
    );
  }
  return files;
}
