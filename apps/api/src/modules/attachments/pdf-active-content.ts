import { MARKUP } from './markup';
import {
  decodeObjectStream,
  holdsObjects,
  openScan,
  outsideStreams,
  readObjectStream,
  readObjects,
  resolve,
  type Scan,
} from './pdf-objects';
import { decodeName, entry, PdfCheckFailure, type PdfValue } from './pdf-syntax';

// The second line against a PDF that acts when opened (the first: files are only ever
// downloaded, docs/decisions/0044-client-files-download-only.md). Every `obj` in the file is
// read as a viewer reading the cross-reference table could reach it, also one hidden in another
// stream's bytes; every stream that can hold objects is decoded through all its filters and
// its objects read too. Nothing that runs code, opens another file or program, submits data
// or starts on its own may be named anywhere; links may only be web or mail addresses.

/** Names that run code, reach other files or programs, send data, or act without a click. */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'GoToR',
  'GoToE',
  'SubmitForm',
  'ImportData',
  'RichMedia',
  'RichMediaExecute',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'AA',
  'XFA',
  'Rendition',
  'Movie',
  'Sound',
  '3D',
]);
const ACTIVE_PATTERN = new RegExp(`/(?:${[...ACTIVE_NAMES].join('|')})(?![A-Za-z0-9])`);
/** Long enough that random bytes (a JPEG inside the PDF) never match: searched in every byte. */
const LONG_ACTIVE =
  /\/(?:JavaScript|Launch|GoToR|GoToE|SubmitForm|ImportData|RichMedia|EmbeddedFiles?)(?![A-Za-z0-9])/;
const ENCRYPT = /\/Encrypt(?![A-Za-z0-9])/;
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

/** Throws PdfCheckFailure for a PDF that is not taken. */
export function checkPdfActiveContent(text: string): void {
  const names = decodeName(text);
  if (ENCRYPT.test(names)) throw new PdfCheckFailure('uncheckable');
  if (LONG_ACTIVE.test(names)) throw new PdfCheckFailure('active');
  const scan = openScan(text);
  const streams = readObjects(scan);
  if (ACTIVE_PATTERN.test(decodeName(outsideStreams(text, streams)))) throw new PdfCheckFailure('active');
  for (const stream of streams.filter(({ dict }) => holdsObjects(scan, dict))) {
    const decoded = decodeObjectStream(scan, stream);
    if (MARKUP.test(decoded) || ACTIVE_PATTERN.test(decodeName(decoded))) throw new PdfCheckFailure('active');
    readObjectStream(scan, stream, decoded);
  }
  for (const value of scan.values) checkValue(scan, value);
}

/** Every dictionary, array and name, however deep: the rules hold wherever a viewer looks. */
function checkValue(scan: Scan, value: PdfValue) {
  if (typeof value !== 'object') return;
  if (value.kind === 'name' && ACTIVE_NAMES.has(value.value)) throw new PdfCheckFailure('active');
  if (value.kind === 'array') for (const item of value.items) checkValue(scan, item);
  if (value.kind !== 'dict') return;
  for (const [key, item] of value.entries) {
    if (ACTIVE_NAMES.has(key)) throw new PdfCheckFailure('active');
    if (
      key === 'URI' &&
      !(typeof item === 'object' && item.kind === 'string' && SAFE_LINK.test(item.value))
    ) {
      throw new PdfCheckFailure('active');
    }
    // Opening at a page is fine (LaTeX writes it as a GoTo action); anything else on opening,
    // or after the GoTo by its /Next, acts without a click and is not.
    if (key === 'OpenAction' && !opensAtAPage(scan, item)) throw new PdfCheckFailure('active');
    checkValue(scan, item);
  }
}

function opensAtAPage(scan: Scan, value: PdfValue): boolean {
  const targets = resolve(scan, value);
  return targets.length > 0 && targets.every((target) => isDestination(target) || isPlainGoTo(target));
}

/** An explicit destination (an array) or a named one (a name or a string). */
function isDestination(value: PdfValue): boolean {
  return typeof value === 'object' && ['array', 'name', 'string'].includes(value.kind);
}

function isPlainGoTo(value: PdfValue): boolean {
  const type = entry(value, 'S');
  const destination = entry(value, 'D');
  return (
    typeof type === 'object' &&
    type.kind === 'name' &&
    type.value === 'GoTo' &&
    destination !== undefined &&
    isDestination(destination) &&
    entry(value, 'Next') === undefined
  );
}
