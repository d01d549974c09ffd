import { type DecodeParms, decodeStream } from './pdf-filters';
import {
  type Budget,
  entry,
  PdfCheckFailure,
  PdfLexer,
  type PdfValue,
  parseValue,
  spend,
} from './pdf-syntax';

// How a PDF's objects are found as a viewer would find them (pdf-active-content.ts judges them):
// every `obj` the file holds, also one hidden in another stream's bytes, and the objects of every
// object stream, decoded through all its filters. Every step is paid for from one budget, so a
// file built to make the reading slow or huge runs out of it and is refused as uncheckable.

/** An `obj` keyword: what a cross-reference offset points a viewer to. */
const OBJECT_START = /(?<![A-Za-z])obj(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;

const MAX_OBJECTS = 100_000;
const MAX_TOKENS = 2_000_000;
/**
 * Characters all lexers together may scan, per character of the file and of each decoded
 * object stream. Honest files need less than 2 (each object is read once, from its `obj`; an
 * object stream's content about twice); a file built so that every `obj` rescans the rest
 * of it runs out after a few passes.
 */
const SCANS_PER_CHARACTER = 4;
const MIN_SCAN = 64 * 1024;
/** Following a reference costs about what scanning this many characters does. */
const RESOLVE_COST = 32;
/** Decoded bytes of all object streams together; a stream that inflates past it is a bomb. */
export const MAX_DECODED_BYTES = 32 * 1024 * 1024;

export type Stream = { dict: PdfValue; start: number; end: number };
export type Scan = {
  text: string;
  budget: Budget;
  objects: Map<number, PdfValue[]>;
  values: PdfValue[];
};

/** A scan of `text` with the budget of its size: what every later step reads from and pays with. */
export function openScan(text: string): Scan {
  return {
    text,
    budget: {
      characters: MIN_SCAN + SCANS_PER_CHARACTER * text.length,
      tokens: MAX_TOKENS,
      bytes: MAX_DECODED_BYTES,
    },
    objects: new Map(),
    values: [],
  };
}

export function readObjects(scan: Scan): Stream[] {
  const found: { dict: PdfValue; start: number }[] = [];
  let count = 0;
  for (const match of scan.text.matchAll(OBJECT_START)) {
    if (++count > MAX_OBJECTS) throw new PdfCheckFailure('uncheckable');
    const lexer = new PdfLexer(scan.text, match.index + 3, scan.budget);
    const value = parseValue(lexer);
    if (value === undefined) continue;
    remember(scan, objectNumber(scan.text, match.index), value);
    const next = lexer.next();
    if (
      next?.type === 'value' &&
      typeof next.value === 'object' &&
      next.value.kind === 'keyword' &&
      next.value.value === 'stream'
    ) {
      found.push({ dict: value, start: afterEndOfLine(scan.text, lexer.position) });
    }
  }
  const ends = [...scan.text.matchAll(/endstream/g)].map((match) => match.index);
  return found.map(({ dict, start }) => ({ dict, start, end: streamEnd(scan, dict, start, ends) }));
}

function remember(scan: Scan, num: number | undefined, value: PdfValue) {
  scan.values.push(value);
  if (num === undefined) return;
  const definitions = scan.objects.get(num);
  if (definitions) definitions.push(value);
  else scan.objects.set(num, [value]);
}

function objectNumber(text: string, objIndex: number): number | undefined {
  const header = /(\d+)\s+\d+\s*$/.exec(text.slice(Math.max(0, objIndex - 32), objIndex));
  return header ? Number(header[1]) : undefined;
}

function afterEndOfLine(text: string, position: number): number {
  if (text.startsWith('\r\n', position)) return position + 2;
  return text[position] === '\n' || text[position] === '\r' ? position + 1 : position;
}

/** Where `/Length` says, when `endstream` is there (a viewer's first choice), else the first `endstream`. */
function streamEnd(scan: Scan, dict: PdfValue, start: number, ends: readonly number[]): number {
  for (const length of resolve(scan, entry(dict, 'Length'))) {
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) continue;
    spend(scan.budget, RESOLVE_COST);
    if (/^\s*endstream/.test(scan.text.slice(start + length, start + length + 32))) return start + length;
  }
  return firstAtOrAfter(ends, start) ?? scan.text.length;
}

/** Binary search in ascending positions: one file can have many streams. */
function firstAtOrAfter(positions: readonly number[], start: number): number | undefined {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((positions[middle] ?? 0) < start) low = middle + 1;
    else high = middle;
  }
  return positions[low];
}

/** What a value stands for: itself, or every definition of the object it refers to. */
export function resolve(scan: Scan, value: PdfValue | undefined): PdfValue[] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value.kind !== 'ref') return [value];
  // An object defined again and again, referred to again and again, is paid for each time.
  const definitions = scan.objects.get(value.num) ?? [];
  spend(scan.budget, RESOLVE_COST * definitions.length);
  return definitions;
}

export function outsideStreams(text: string, streams: readonly Stream[]): string {
  const parts: string[] = [];
  let kept = 0;
  for (const { start, end } of [...streams].sort((a, b) => a.start - b.start)) {
    if (start < kept) continue;
    parts.push(text.slice(kept, start));
    kept = end;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}

/** An object stream by its type, or by the `/First` offset a viewer reads objects from. */
export function holdsObjects(scan: Scan, dict: PdfValue): boolean {
  if (entry(dict, 'First') !== undefined) return true;
  return resolve(scan, entry(dict, 'Type')).some(
    (type) => typeof type === 'object' && type.kind === 'name' && type.value === 'ObjStm',
  );
}

function filtersOf(scan: Scan, dict: PdfValue): { name: string; parms: DecodeParms }[] {
  const filter = single(scan, entry(dict, 'Filter'));
  const names = filter === undefined ? [] : isArray(filter) ? filter.items : [filter];
  const parms = single(scan, entry(dict, 'DecodeParms'));
  const parmsList = parms !== undefined && isArray(parms) ? parms.items : [parms];
  return names.map((name, index) => {
    const own = single(scan, parmsList[index]);
    if (typeof name !== 'object' || name.kind !== 'name') throw new PdfCheckFailure('uncheckable');
    return {
      name: name.value,
      parms: { predictor: number(own, 'Predictor'), earlyChange: number(own, 'EarlyChange') },
    };
  });
}

/**
 * The one value a filter's setting stands for. Several definitions of it (an update that
 * redefines it) or none we can see would let a viewer decode what we did not: refused.
 */
function single(scan: Scan, value: PdfValue | undefined): PdfValue | undefined {
  if (typeof value !== 'object' || value.kind !== 'ref') return value;
  const definitions = scan.objects.get(value.num) ?? [];
  if (definitions.length !== 1) throw new PdfCheckFailure('uncheckable');
  return definitions[0];
}

function isArray(value: PdfValue): value is { kind: 'array'; items: PdfValue[] } {
  return typeof value === 'object' && value.kind === 'array';
}

/** A number setting of a filter; present but not a plain number is a setting we cannot follow. */
function number(parms: PdfValue | undefined, key: string): number | undefined {
  const found = entry(parms, key);
  if (found !== undefined && typeof found !== 'number') throw new PdfCheckFailure('uncheckable');
  return found;
}

/**
 * An object stream's bytes decoded through all its filters, paid for from the scan's budget: the
 * caller checks them before their objects are read (readObjectStream).
 */
export function decodeObjectStream(scan: Scan, stream: Stream): string {
  // Streams without an end overlap: each one's span is paid for again.
  spend(scan.budget, stream.end - stream.start);
  const data = Buffer.from(scan.text.slice(stream.start, stream.end), 'latin1');
  const decoded = decodeStream(data, filtersOf(scan, stream.dict), scan.budget).toString('latin1');
  // What was decoded is read like the file: a few passes over it, paid from here on.
  scan.budget.characters += SCANS_PER_CHARACTER * decoded.length;
  return decoded;
}

/** The objects of a decoded object stream, into the scan: read in sequence, and from each offset its header gives. */
export function readObjectStream(scan: Scan, stream: Stream, decoded: string) {
  // Read twice: in sequence, and from each offset the stream's header gives, as a viewer does.
  const lexer = new PdfLexer(decoded, 0, scan.budget);
  const header: number[] = [];
  let inHeader = true;
  while (lexer.position < decoded.length) {
    const item = parseValue(lexer);
    if (item === undefined) {
      if (!lexer.next()) break; // a keyword that ends objects has no business here: skipped
    } else if (typeof item === 'number' && inHeader) header.push(item);
    else {
      inHeader = false;
      scan.values.push(item);
    }
  }
  for (const first of resolve(scan, entry(stream.dict, 'First'))) {
    if (typeof first !== 'number') continue;
    for (let index = 0; index + 1 < header.length && index < 2 * MAX_OBJECTS; index += 2) {
      const [num, offset] = header.slice(index, index + 2) as [number, number];
      const value = parseValue(new PdfLexer(decoded, first + offset, scan.budget));
      if (value !== undefined) remember(scan, num, value);
    }
  }
}
