import { fileRefused } from './batch-errors';

// A zip bomb posing as .xlsx: the sizes in the zip's central directory are read before any
// entry is inflated, and a file that would unpack past the limit (or hides its sizes behind
// ZIP64 markers) is refused. An honest 10,000-row sheet unpacks to a few megabytes.
const MAX_UNPACKED_BYTES = 60 * 1024 * 1024;
const MAX_ENTRIES = 500;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

export function checkZipSize(content: Buffer): void {
  const from = Math.max(0, content.length - 65_557);
  let end = -1;
  for (let at = content.length - 22; at >= from; at--) {
    if (content.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw fileRefused('This is not a readable Excel (.xlsx) file');
  const entries = content.readUInt16LE(end + 10);
  const directoryOffset = content.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || entries > MAX_ENTRIES)
    throw fileRefused('This Excel file has too many parts to be a payment sheet');
  let at = directoryOffset;
  let total = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw fileRefused('This is not a readable Excel (.xlsx) file');
    const unpacked = content.readUInt32LE(at + 24);
    if (unpacked === 0xffffffff) throw fileRefused('This Excel file unpacks too large');
    total += unpacked;
    if (total > MAX_UNPACKED_BYTES) throw fileRefused('This Excel file unpacks too large');
    at += 46 + content.readUInt16LE(at + 28) + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  }
}
