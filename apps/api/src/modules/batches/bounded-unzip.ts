import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { fileRefused } from './batch-errors';

// The parts of an .xlsx (a zip) a payment sheet needs, inflated with a hard bound on what they
// may grow to (docs/requirements/batch-payments.md "Files"). The sizes a zip declares are only
// trusted as a ceiling: each part is inflated by zlib with `maxOutputLength` set to the size its
// directory entry declares, which the limits below have already accepted, so a zip lying about
// its sizes is stopped at the lie, not after it. zlib is node's own (no dependency to keep), and
// its asynchronous form inflates on libuv's thread pool, so the event loop never waits for it.
// No workbook library ever sees the zip.
export const ZIP_LIMITS = {
  entries: 500,
  /** Any one part, inflated: a 10,000-row sheet of every template column is a few megabytes. */
  entryBytes: 32 * 1024 * 1024,
  /** Everything read from one file, inflated. */
  totalBytes: 48 * 1024 * 1024,
  /** Inflated bytes per compressed byte, for parts past `ratioFreeBytes` (an honest 10,000-row sheet: about 10). */
  ratio: 200,
  ratioFreeBytes: 1024 * 1024,
} as const;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const inflate = promisify(inflateRaw);

type ZipEntry = { method: number; flags: number; compressedSize: number; size: number; offset: number };

const unreadable = () => fileRefused('This is not a readable Excel (.xlsx) file');
const tooLarge = () => fileRefused('This Excel file unpacks too large to be a payment sheet');

function endOfDirectory(content: Buffer): number {
  const from = Math.max(0, content.length - 65_557);
  for (let at = content.length - 22; at >= from; at--) {
    if (content.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw unreadable();
}

/** The zip's directory by part name; ZIP64 (sizes hidden behind markers) is refused. */
export function listZipEntries(content: Buffer): Map<string, ZipEntry> {
  const end = endOfDirectory(content);
  const count = content.readUInt16LE(end + 10);
  let at = content.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || count > ZIP_LIMITS.entries)
    throw fileRefused('This Excel file has too many parts to be a payment sheet');
  const entries = new Map<string, ZipEntry>();
  for (let entry = 0; entry < count; entry++) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    const nameLength = content.readUInt16LE(at + 28);
    const name = content.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    entries.set(name, {
      flags: content.readUInt16LE(at + 8),
      method: content.readUInt16LE(at + 10),
      compressedSize: content.readUInt32LE(at + 20),
      size: content.readUInt32LE(at + 24),
      offset: content.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  }
  return entries;
}

function checkDeclaredSize(entry: ZipEntry, budget: { bytesLeft: number }, entryLimit: number) {
  if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooLarge();
  if (entry.size > entryLimit || entry.size > budget.bytesLeft) throw tooLarge();
  const ratioFree = entry.size <= ZIP_LIMITS.ratioFreeBytes;
  if (!ratioFree && entry.size > entry.compressedSize * ZIP_LIMITS.ratio) throw tooLarge();
  budget.bytesLeft -= entry.size;
}

function compressedBytes(content: Buffer, entry: ZipEntry): Buffer {
  const at = entry.offset;
  if (at + 30 > content.length || content.readUInt32LE(at) !== LOCAL_HEADER) throw unreadable();
  const start = at + 30 + content.readUInt16LE(at + 26) + content.readUInt16LE(at + 28);
  if (start + entry.compressedSize > content.length) throw unreadable();
  return content.subarray(start, start + entry.compressedSize);
}

/**
 * One part, inflated: refused when it is encrypted, packed another way than deflate, larger
 * than `entryLimit` or what is left of `budget`, or more compressed than `ZIP_LIMITS.ratio`.
 */
export async function unzipEntry(
  content: Buffer,
  entry: ZipEntry,
  budget: { bytesLeft: number },
  entryLimit: number = ZIP_LIMITS.entryBytes,
): Promise<Buffer> {
  if ((entry.flags & 1) !== 0 || (entry.method !== STORED && entry.method !== DEFLATED)) throw unreadable();
  checkDeclaredSize(entry, budget, entryLimit);
  const packed = compressedBytes(content, entry);
  if (entry.method === STORED) {
    if (packed.length !== entry.size) throw unreadable();
    return packed;
  }
  let inflated: Buffer;
  try {
    inflated = await inflate(packed, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw unreadable();
  }
  if (inflated.length !== entry.size) throw unreadable();
  return inflated;
}
