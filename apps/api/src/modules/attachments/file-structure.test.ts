import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PNG, pngOfSize } from '../../testing/onboarding-helpers';
import { fileStructureRefusal } from './file-structure';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer <</Root 1 0 R>>\n%%EOF\n`, 'latin1');
const objectStream = (dictionaries: string) => {
  const packed = deflateSync(Buffer.from(dictionaries, 'latin1')).toString('latin1');
  return `5 0 obj <</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode>>\nstream\n${packed}endstream\nendobj`;
};

describe('file structure', () => {
  it('accepts whole, plain files', () => {
    expect(fileStructureRefusal(PNG, 'image/png')).toBeUndefined();
    expect(fileStructureRefusal(pngOfSize(4096), 'image/png')).toBeUndefined();
    expect(fileStructureRefusal(JPEG, 'image/jpeg')).toBeUndefined();
    expect(fileStructureRefusal(Buffer.concat([JPEG, Buffer.alloc(16)]), 'image/jpeg')).toBeUndefined();
    expect(
      fileStructureRefusal(
        pdf('1 0 obj <</Type /Catalog /OpenAction [2 0 R /Fit]>> endobj'),
        'application/pdf',
      ),
    ).toBeUndefined();
    expect(fileStructureRefusal(pdf(objectStream('1 0 <</Type /Page>>')), 'application/pdf')).toBeUndefined();
  });

  it.each([
    [
      'a PNG with an HTML page after IEND',
      Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script>')]),
      'image/png',
    ],
    [
      'a PNG with a script in a text chunk',
      Buffer.from(PNG.toString('latin1').replace('IDAT', 'IDAT<script>'), 'latin1'),
      'image/png',
    ],
    [
      'a JPEG that goes on as HTML',
      Buffer.concat([JPEG, Buffer.from('<!DOCTYPE html><body onload=x>')]),
      'image/jpeg',
    ],
    [
      'a PDF with JavaScript',
      pdf('1 0 obj <</OpenAction <</S /JavaScript /JS (app.alert(1))>>>> endobj'),
      'application/pdf',
    ],
    [
      'a PDF with an escaped /JavaScript name',
      pdf('1 0 obj <</S /J#61vaScript /JS (x)>> endobj'),
      'application/pdf',
    ],
    ['a PDF that launches a program', pdf('1 0 obj <</S /Launch /F (calc.exe)>> endobj'), 'application/pdf'],
    ['a PDF with HTML inside', pdf('1 0 obj (<html><script>alert(1)</script>) endobj'), 'application/pdf'],
    [
      'a PDF hiding /JS in a compressed object stream',
      pdf(objectStream('2 0 <</S /JavaScript /JS (x)>>')),
      'application/pdf',
    ],
  ] as const)('refuses %s with 422', (_name, content, mime) => {
    expect(fileStructureRefusal(content, mime)).toMatchObject({ status: 422, code: 'file_rejected' });
  });

  it.each([
    ['a bare PNG signature', PNG.subarray(0, 16), 'image/png'],
    ['a PNG with bytes after IEND', Buffer.concat([PNG, Buffer.alloc(8)]), 'image/png'],
    ['a JPEG without its end marker', JPEG.subarray(0, 10), 'image/jpeg'],
    ['a PDF without %%EOF', Buffer.from('%PDF-1.4 pretending'), 'application/pdf'],
  ] as const)('refuses %s with 415', (_name, content, mime) => {
    expect(fileStructureRefusal(content, mime)).toMatchObject({ status: 415, code: 'unsupported_file_type' });
  });
});
