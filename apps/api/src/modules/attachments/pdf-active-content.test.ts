import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderBrandedLetterPdf } from '../../lib/branded-letter-pdf';
import { fileStructureRefusal } from './file-structure';

// Hostile PDFs are built here byte by byte, each hiding active content the way a viewer would
// still find it: in an object stream behind every filter, with its type far from its data,
// behind name escapes, or in an object placed inside another stream's bytes.

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer <</Root 1 0 R>>\n%%EOF\n`, 'latin1');
const refusal = (content: Buffer) => fileStructureRefusal(content, 'application/pdf');
const ACTIVE = { status: 422, code: 'file_rejected', message: expect.stringMatching(/script content/) };
const UNCHECKABLE = {
  status: 422,
  code: 'file_rejected',
  message: expect.stringMatching(/cannot be checked/),
};

const latin1 = (bytes: Buffer) => bytes.toString('latin1');
const hex = (bytes: Buffer) => `${bytes.toString('hex')}>`;
const runLength = (bytes: Buffer) => {
  const parts: Buffer[] = [];
  for (let index = 0; index < bytes.length; index += 128) {
    const chunk = bytes.subarray(index, index + 128);
    parts.push(Buffer.from([chunk.length - 1]), chunk);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
};
const ascii85 = (bytes: Buffer) => {
  let out = '';
  for (let index = 0; index < bytes.length; index += 4) {
    const chunk = Buffer.concat([bytes.subarray(index, index + 4), Buffer.alloc(4)]).subarray(0, 4);
    let value = chunk.readUInt32BE(0);
    const digits: string[] = [];
    for (let digit = 0; digit < 5; digit++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, Math.min(4, bytes.length - index) + 1).join('');
  }
  return `${out}~>`;
};
/** LZW with the PDF's default early change: 9 to 12-bit codes, the table cleared when full. */
const lzw = (bytes: Buffer) => {
  const codes: number[] = [256];
  let table = new Map<string, number>();
  const reset = () => {
    table = new Map(Array.from({ length: 256 }, (_unused, code) => [String.fromCharCode(code), code]));
  };
  reset();
  let next = 258;
  let current = '';
  for (const char of bytes.toString('latin1')) {
    if (table.has(current + char)) current += char;
    else {
      codes.push(table.get(current) as number);
      table.set(current + char, next++);
      current = char;
    }
  }
  codes.push(table.get(current) as number, 257);
  let bits = '';
  let width = 9;
  next = 258;
  for (const [index, code] of codes.entries()) {
    bits += code.toString(2).padStart(width, '0');
    if (index > 1 && index < codes.length - 1) next++;
    width = next + 1 >= 2048 ? 12 : next + 1 >= 1024 ? 11 : next + 1 >= 512 ? 10 : 9;
  }
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return Buffer.from(padded.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
};

/** An object stream holding `objects` (`num dictionary` pairs), encoded as `data` says. */
const objectStream = (objects: string, dictionary: string, encode: (bytes: Buffer) => Buffer | string) => {
  const data = encode(Buffer.from(objects, 'latin1'));
  const bytes = typeof data === 'string' ? data : latin1(data);
  return `5 0 obj <<${dictionary} /Length ${bytes.length}>>\nstream\n${bytes}\nendstream\nendobj`;
};
const SCRIPT = '2 0 <</S /JavaScript /JS (app.alert(1))>>';

describe('PDF active content', () => {
  it('accepts honest PDFs: a letter the API itself prints, links to web pages, a destination to open at', async () => {
    const letter = await renderBrandedLetterPdf({
      title: 'Account details',
      heading: 'Account details',
      issuedLine: 'Issued today',
      issuedAt: new Date('2026-12-01T00:00:00Z'),
      rows: [['IBAN', 'LT12 1000 0111 0100 1000']],
    });
    expect(refusal(letter)).toBeUndefined();
    const honest = [
      '1 0 obj <</Type /Catalog /OpenAction [3 0 R /Fit]>> endobj',
      // As pdfTeX writes it: opening at the first page, by a GoTo action kept in an object stream.
      '7 0 obj <</Type /Catalog /OpenAction 98 0 R>> endobj',
      objectStream(
        '98 0 << /S /GoTo /D [99 0 R /Fit] >>',
        '/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode',
        deflateSync,
      ),
      '4 0 obj <</Type /Annot /Subtype /Link /A <</S /URI /URI (https://bluepeak.example/help)>>>> endobj',
      '6 0 obj <</Type /Annot /Subtype /Link /A <</S /URI /URI (mailto:help@bluepeak.example)>>>> endobj',
      objectStream(
        '1 0 <</Type /Page>>',
        '/Type /ObjStm /N 1 /First 4 /Filter [/ASCIIHexDecode /FlateDecode]',
        (b) => hex(deflateSync(b)),
      ),
    ];
    expect(refusal(pdf(honest.join('\n')))).toBeUndefined();
  });

  it.each([
    [
      'an ASCIIHex object stream',
      objectStream(SCRIPT, '/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', hex),
    ],
    [
      'an object stream whose type is 2 KB before its data',
      objectStream(
        SCRIPT,
        `/Type /ObjStm /Padding (${'x'.repeat(2048)}) /N 1 /First 4 /Filter /FlateDecode`,
        deflateSync,
      ),
    ],
    [
      'an object stream whose dictionary holds a keyword',
      objectStream(SCRIPT, '/Junk obj /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync),
    ],
    ['an object stream known by /First only', objectStream(SCRIPT, '/N 1 /First 4 /Filter /Fl', deflateSync)],
    [
      'an object stream of ASCII85',
      objectStream(SCRIPT, '/Type /ObjStm /N 1 /First 4 /Filter /A85', ascii85),
    ],
    [
      'an object stream of RunLength',
      objectStream(SCRIPT, '/Type /ObjStm /N 1 /First 4 /Filter /RunLengthDecode', runLength),
    ],
    ['an object stream of LZW', objectStream(SCRIPT, '/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', lzw)],
    [
      'chained filters',
      objectStream(
        SCRIPT,
        '/Type /ObjStm /N 1 /First 4 /Filter [/ASCII85Decode /RunLengthDecode /FlateDecode]',
        (b) => ascii85(runLength(deflateSync(b))),
      ),
    ],
    [
      'escaped names inside a compressed object stream',
      objectStream(
        '2 0 <</S /J#61vaScr#69pt /#4A#53 (x)>>',
        '/Type /ObjSt#6d /N 1 /First 4 /Filter /Fl#61teDecode',
        deflateSync,
      ),
    ],
    [
      'a web page inside a compressed object stream',
      objectStream(
        '2 0 (<html><script>alert(1)</script>)',
        '/Type /ObjStm /N 1 /First 4 /Filter /Fl',
        deflateSync,
      ),
    ],
    ['a /GoToR action (another file)', '1 0 obj <</S /GoToR /F (other.pdf) /D [0 /Fit]>> endobj'],
    ['an escaped /GoToR', '1 0 obj <</S /G#6fT#6fR /F (other.pdf)>> endobj'],
    [
      '/JS in an object placed inside another stream',
      '3 0 obj <</Length 40>>\nstream\n9 0 obj <</JS 4 0 R>> endobj\nendstream\nendobj',
    ],
    [
      'a link followed when opened, after a GoTo',
      '1 0 obj <</Type /Catalog /OpenAction <</S /GoTo /D [3 0 R /Fit] /Next <</S /URI /URI (https://x.example)>>>>>> endobj',
    ],
    ['a reference to nothing when opened', '1 0 obj <</Type /Catalog /OpenAction 12 0 R>> endobj'],
    [
      'an action when opened, by reference',
      '1 0 obj <</Type /Catalog /OpenAction 7 0 R>> endobj 7 0 obj <</S /Named /N /Print>> endobj',
    ],
    ['additional actions', '3 0 obj <</Type /Page /AA <</O 8 0 R>>>> endobj'],
    ['a link to a local file', '4 0 obj <</S /URI /URI (file:///C:/Windows/system32/calc.exe)>> endobj'],
    ['a link to a network share', '4 0 obj <</S /URI /URI <5c5c61747461636b65725c73686172655c78>>> endobj'],
    [
      'an embedded file',
      '4 0 obj <</Type /Filespec /EF <</F 5 0 R>>>> endobj 5 0 obj <</Type /EmbeddedFile>> endobj',
    ],
    ['an XFA form', '1 0 obj <</Type /Catalog /AcroForm <</XFA 6 0 R>>>> endobj'],
  ])('refuses %s', (_name, body) => {
    expect(refusal(pdf(body))).toMatchObject(ACTIVE);
  });

  it.each([
    ['an encrypted PDF', '1 0 obj <</Type /Catalog>> endobj\ntrailer <</Encrypt 9 0 R>>'],
    [
      'an object stream with a predictor',
      objectStream(SCRIPT, '/N 1 /First 4 /Filter /Fl /DecodeParms <</Predictor 12>>', deflateSync),
    ],
    [
      'an object stream whose filter is defined twice',
      `${objectStream(SCRIPT, '/N 1 /First 4 /Filter 8 0 R', hex)}\n8 0 obj /Fl endobj\n8 0 obj /AHx endobj`,
    ],
    [
      'an object stream whose filter cannot be found',
      objectStream(SCRIPT, '/N 1 /First 4 /Filter 8 0 R', hex),
    ],
    [
      'an object stream behind an image filter',
      objectStream(SCRIPT, '/N 1 /First 4 /Filter /DCTDecode', deflateSync),
    ],
  ])('refuses %s as not checkable', (_name, body) => {
    expect(refusal(pdf(body))).toMatchObject(UNCHECKABLE);
  });

  it('refuses decompression bombs without decoding them whole', () => {
    const flateBomb = deflateSync(Buffer.alloc(48 * 1024 * 1024, 0x20), { level: 9 });
    const runLengthBomb = Buffer.concat([
      Buffer.alloc(4 * 1024 * 1024, Buffer.from([129, 0x20])),
      Buffer.from([128]),
    ]);
    for (const [filter, data] of [
      ['/FlateDecode', flateBomb],
      ['/RunLengthDecode', runLengthBomb],
    ] as const) {
      const file = pdf(objectStream('', `/Type /ObjStm /N 1 /First 4 /Filter ${filter}`, () => data));
      // Each decoder stops at the limit (pdf-filters.ts): 32 MiB, not the 48 MiB or 512 MiB claimed.
      const started = performance.now();
      expect(refusal(file)).toMatchObject(UNCHECKABLE);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  it('refuses a file whose structure is too deep to read', () => {
    expect(refusal(pdf(`1 0 obj ${'['.repeat(100)} endobj`))).toMatchObject(UNCHECKABLE);
  });
});
