import { constants, inflateSync } from 'node:zlib';
import { PdfCheckFailure } from './pdf-syntax';

// Bounded decoders for the stream filters a PDF reader applies before it parses what a stream
// holds (PDF 32000-1, 7.4). Every decoder stops at `limit` output bytes: a few kilobytes of
// Flate or RunLength can claim gigabytes, and the check must stay small for a hostile file.

const FILTERS: Record<string, (input: Buffer, limit: number, parms: DecodeParms) => Buffer> = {
  FlateDecode: flateDecode,
  Fl: flateDecode,
  ASCIIHexDecode: asciiHexDecode,
  AHx: asciiHexDecode,
  ASCII85Decode: ascii85Decode,
  A85: ascii85Decode,
  RunLengthDecode: runLengthDecode,
  RL: runLengthDecode,
  LZWDecode: lzwDecode,
  LZW: lzwDecode,
};

export type DecodeParms = { predictor?: number; earlyChange?: number };

/**
 * Applies `filters` in order. An image filter (DCT, JPX, JBIG2, CCITT), encryption (Crypt) or a
 * predictor leaves bytes we cannot read as objects, so a stream that must be read is refused.
 */
export function decodeStream(
  data: Buffer,
  filters: readonly { name: string; parms: DecodeParms }[],
  budget: { bytes: number },
): Buffer {
  let output = data;
  for (const { name, parms } of filters) {
    const decode = FILTERS[name];
    if (!decode || (parms.predictor ?? 1) > 1) throw new PdfCheckFailure('uncheckable');
    output = decode(output, budget.bytes, parms);
    budget.bytes -= output.length;
  }
  // Unfiltered bytes are read as they stand, so they count against the same limit: overlapping
  // streams without an end would otherwise be read again and again for free.
  if (filters.length === 0) budget.bytes -= output.length;
  if (budget.bytes < 0) throw new PdfCheckFailure('uncheckable');
  return output;
}

function flateDecode(input: Buffer, limit: number): Buffer {
  try {
    // A sync flush keeps what a truncated stream decodes to, as a reader would show it.
    return inflateSync(input, { maxOutputLength: Math.max(limit, 1), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new PdfCheckFailure('uncheckable');
    throw new PdfCheckFailure('damaged');
  }
}

/** Collects output in one growing buffer and refuses the stream once it passes the limit. */
class Output {
  private buffer = Buffer.alloc(4096);
  private length = 0;
  constructor(private readonly limit: number) {}
  push(bytes: Buffer | number[]) {
    const end = this.length + bytes.length;
    if (end > this.limit) throw new PdfCheckFailure('uncheckable');
    if (end > this.buffer.length) {
      const grown = Buffer.alloc(Math.min(this.limit, Math.max(end, this.buffer.length * 2)));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    if (Buffer.isBuffer(bytes)) bytes.copy(this.buffer, this.length);
    else this.buffer.set(bytes, this.length);
    this.length = end;
  }
  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** Hex digits up to `>`; anything else is skipped, as PDF readers do. */
function asciiHexDecode(input: Buffer): Buffer {
  const end = input.indexOf(0x3e);
  const digits = input.toString('latin1', 0, end < 0 ? input.length : end).replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

/** Groups of five characters from `!` to `u` make four bytes, `z` four zeros, `~>` the end. */
function ascii85Decode(input: Buffer, limit: number): Buffer {
  const output = new Output(limit);
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let index = 0; index < 5; index++) value = value * 85 + ((group[index] ?? 117) - 33);
    const bytes = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    output.push(bytes.slice(0, count));
    group = [];
  };
  for (const byte of input) {
    if (byte === 0x7e) break;
    if (byte <= 0x20) continue;
    if (byte === 0x7a && group.length === 0) output.push([0, 0, 0, 0]);
    else {
      group.push(byte);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return output.done();
}

/** A length byte: 0-127 copies the next n+1 bytes, 129-255 repeats the next byte 257-n times, 128 ends. */
function runLengthDecode(input: Buffer, limit: number): Buffer {
  const output = new Output(limit);
  let index = 0;
  while (index < input.length) {
    const length = input[index] ?? 128;
    if (length === 128) break;
    if (length < 128) {
      output.push(input.subarray(index + 1, index + 2 + length));
      index += length + 2;
    } else {
      output.push(Buffer.alloc(257 - length, input[index + 1] ?? 0));
      index += 2;
    }
  }
  return output.done();
}

/** Variable-width codes from 9 to 12 bits, 256 clears the table, 257 ends (7.4.4). */
function lzwDecode(input: Buffer, limit: number, parms: DecodeParms): Buffer {
  const early = parms.earlyChange ?? 1;
  const output = new Output(limit);
  let table: Buffer[] = [];
  const reset = () => {
    table = Array.from({ length: 258 }, (_unused, code) => Buffer.from([code]));
  };
  reset();
  let previous: Buffer | undefined;
  let width = 9;
  let bits = 0;
  let held = 0;
  for (const byte of input) {
    held = ((held << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (held >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 257) return output.done();
      if (code === 256) {
        reset();
        previous = undefined;
        width = 9;
        continue;
      }
      const entry =
        code < table.length ? table[code] : previous && Buffer.concat([previous, previous.subarray(0, 1)]);
      if (!entry) throw new PdfCheckFailure('damaged');
      output.push(entry);
      if (previous && table.length < 4096) table.push(Buffer.concat([previous, entry.subarray(0, 1)]));
      previous = entry;
      width = codeWidth(table.length + early);
    }
  }
  return output.done();
}

function codeWidth(nextCode: number): number {
  if (nextCode < 512) return 9;
  if (nextCode < 1024) return 10;
  return nextCode < 2048 ? 11 : 12;
}
