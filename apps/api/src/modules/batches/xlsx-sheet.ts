import { fileRefused } from './batch-errors';
import { listZipEntries, unzipEntry, ZIP_LIMITS } from './bounded-unzip';
import { CELL_READ_CHARS, type RawRow, RowCollector } from './file-rows';
import { parseXmlInSlices, unreadableXlsx } from './xml-slices';

// An Excel (.xlsx) payment file: its first sheet read cell by cell (docs/requirements/batch-payments.md
// "Files"). Only four parts are inflated, each within bounded-unzip's limits: the workbook and
// its relationships (to find the first sheet), the shared strings and that sheet. A workbook
// library would inflate every part in full and hold the whole sheet as objects; this keeps one
// row at a time, and every text at most CELL_READ_CHARS long, so a thousand cells pointing at
// one long shared string cost no more than a thousand short ones.
const SMALL_PART_BYTES = 1024 * 1024;
/** Ten thousand rows of ten distinct values, and room for the columns a payment file ignores. */
const MAX_SHARED_STRINGS = 250_000;
/** Excel's last column, XFD. */
const MAX_COLUMNS = 16_384;
/** A text cut at CELL_READ_CHARS stays longer than it, so a column that reads it refuses it. */
const TOO_LONG = '#'.repeat(CELL_READ_CHARS + 1);

// Office writes characters XML cannot carry as _xHHHH_ (a NUL is _x0000_); decoded, they meet
// the same check as any text.
const decodeEscapes = (text: string) =>
  text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Collects the text of one value, keeping at most CELL_READ_CHARS + 1 characters of it. */
class BoundedText {
  value = '';
  add(text: string) {
    if (this.value.length <= CELL_READ_CHARS)
      this.value += text.slice(0, CELL_READ_CHARS + 1 - this.value.length);
  }
  take(escaped: boolean): string {
    const value = this.value;
    this.value = '';
    if (value.length > CELL_READ_CHARS) return TOO_LONG;
    return escaped ? decodeEscapes(value) : value;
  }
}

async function readSharedStrings(xml: Buffer): Promise<string[]> {
  const strings: string[] = [];
  const text = new BoundedText();
  let inText = false;
  let phonetic = 0;
  await parseXmlInSlices(xml, {
    open(name) {
      if (name === 'rPh') phonetic += 1;
      else if (name === 't') inText = phonetic === 0;
    },
    text(chunk) {
      if (inText) text.add(chunk);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        strings.push(text.take(true));
        if (strings.length > MAX_SHARED_STRINGS) throw fileRefused('This Excel file holds too many texts');
      }
    },
  });
  return strings;
}

function columnOf(reference: string | undefined, next: number): number {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(reference ?? '')?.[1];
  let column = next;
  if (letters) {
    column = 0;
    for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
    column -= 1;
  }
  if (column >= MAX_COLUMNS) throw unreadableXlsx();
  return column;
}

/** The text of a cell by its type, as a spreadsheet shows it (numbers without trailing zeros). */
function cellText(type: string, value: string, inline: string, shared: readonly string[]): string {
  switch (type) {
    case 's': {
      const text = shared[Number(value)];
      if (text === undefined || value === '') throw unreadableXlsx();
      return text;
    }
    case 'inlineStr':
      return inline;
    case 'b':
      return value === '1' ? 'true' : 'false';
    case 'e':
      return '';
    case 'str':
    case 'd':
      return value;
    default: {
      const number = Number(value);
      return value !== '' && Number.isFinite(number) ? String(number) : value;
    }
  }
}

function sheetHandlers(shared: readonly string[], collector: RowCollector) {
  let cells: string[] = [];
  let column = -1;
  let type = 'n';
  let capture: 'v' | 't' | undefined;
  let phonetic = 0;
  const value = new BoundedText();
  const inline = new BoundedText();
  return {
    open(name: string, attributes: Record<string, string>) {
      if (name === 'row') [cells, column] = [[], -1];
      else if (name === 'c') [column, type] = [columnOf(attributes.r, column + 1), attributes.t ?? 'n'];
      else if (name === 'v') capture = 'v';
      else if (name === 't') capture = phonetic === 0 ? 't' : undefined;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 'f') throw fileRefused('The sheet may not contain formulas; paste the values only');
    },
    text(chunk: string) {
      if (capture === 'v') value.add(chunk);
      else if (capture === 't') inline.add(chunk);
    },
    close(name: string) {
      if (name === 'v' || name === 't') capture = undefined;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c') {
        const text = cellText(type, value.take(false), inline.take(true), shared);
        if (text !== '') cells[column] = text;
      } else if (name === 'row' && cells.length > 0) collector.add(cells);
    },
  };
}

/** The attributes of every `tag` element of a small part (the workbook, its relationships). */
async function tagsOf(xml: Buffer, tag: string): Promise<Record<string, string>[]> {
  const found: Record<string, string>[] = [];
  await parseXmlInSlices(xml, {
    open: (name, attributes) => (name === tag ? found.push(attributes) : undefined),
    text: () => undefined,
    close: () => undefined,
  });
  return found;
}

const relationshipId = (attributes: Record<string, string>) =>
  Object.entries(attributes).find(([name]) => name === 'id' || name.endsWith(':id'))?.[1];
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

export async function readXlsx(content: Buffer): Promise<RawRow[]> {
  const entries = listZipEntries(content);
  const budget = { bytesLeft: ZIP_LIMITS.totalBytes };
  const part = (name: string, limit?: number) => {
    const entry = entries.get(name);
    if (!entry) throw unreadableXlsx();
    return unzipEntry(content, entry, budget, limit);
  };
  const [first] = await tagsOf(await part('xl/workbook.xml', SMALL_PART_BYTES), 'sheet');
  if (!first) throw fileRefused('The workbook has no sheet');
  const relationships = await tagsOf(
    await part('xl/_rels/workbook.xml.rels', SMALL_PART_BYTES),
    'Relationship',
  );
  const sheet = relationships.find((relationship) => relationship.Id === relationshipId(first));
  const strings = relationships.find((relationship) => relationship.Type?.endsWith('/sharedStrings'));
  if (!sheet?.Target) throw unreadableXlsx();
  const shared = strings?.Target ? await readSharedStrings(await part(partName(strings.Target))) : [];
  const collector = new RowCollector();
  await parseXmlInSlices(await part(partName(sheet.Target)), sheetHandlers(shared, collector));
  return collector.finish();
}
