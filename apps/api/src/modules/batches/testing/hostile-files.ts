import { constants, crc32, deflateRawSync } from 'node:zlib';

// Hand-made .xlsx files for the tests of the readers' limits: a zip written byte by byte, so a
// test can make it declare sizes its parts do not have, and a bare workbook around a sheet.
export type ZipPart = { name: string; deflated: Buffer; size: number; crc: number };

export function partOf(name: string, content: string | Buffer): ZipPart {
  const data = Buffer.from(content);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/**
 * `megabytes` MB of zero bytes, deflated without ever holding them: one sync-flushed
 * megabyte repeated (each copy refers to nothing before it), then an empty final block.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

function header(signature: number, fields: [number, 2 | 4][]): Buffer {
  const buffer = Buffer.alloc(4 + fields.reduce((sum, [, bytes]) => sum + bytes, 0));
  buffer.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [value, bytes] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value >>> 0, at);
    at += bytes;
  }
  return buffer;
}

/** A zip of deflated parts, each declaring the `size` its part says (true or not). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const common: [number, 2 | 4][] = [
      [20, 2],
      [0, 2],
      [8, 2],
      [0, 2],
      [0x21, 2],
      [part.crc, 4],
      [part.deflated.length, 4],
      [part.size, 4],
      [name.length, 2],
      [0, 2],
    ];
    const local = Buffer.concat([header(0x04034b50, common), name, part.deflated]);
    const entry = header(0x02014b50, [[20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]);
    directory.push(entry, name);
    locals.push(local);
    offset += local.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = header(0x06054b50, [
    [0, 2],
    [0, 2],
    [parts.length, 2],
    [parts.length, 2],
    [directoryBytes.length, 4],
    [offset, 4],
    [0, 2],
  ]);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A sheet of `rows` (sheet XML), after an optional document type declaration. */
export const sheetXml = (rows: string, doctype = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>${doctype}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A cell holding `text` (XML) as an inline string, at `reference` (like B7). */
export const inlineCell = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A row of inline-string cells from column A on. */
export const inlineRow = (row: number, cells: string[]) =>
  `<row r="${row}">${cells.map((text, at) => inlineCell(`${String.fromCharCode(65 + at)}${row}`, text)).join('')}</row>`;

/** The parts every workbook has, around `sheet` (a part, so a test can make it lie) and shared strings. */
export function workbookParts(sheet: ZipPart, sharedStrings?: string): ZipPart[] {
  const shared =
    sharedStrings === undefined
      ? ''
      : `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>`;
  return [
    partOf(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    partOf(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    partOf(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Payments" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    partOf(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>${shared}</Relationships>`,
    ),
    ...(sharedStrings === undefined ? [] : [partOf('xl/sharedStrings.xml', sharedStrings)]),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ];
}

/** A workbook whose first sheet is `rows` (sheet XML rows). */
export const xlsxOf = (rows: string, sharedStrings?: string) =>
  zipOf(workbookParts(partOf('sheet', sheetXml(rows)), sharedStrings));
