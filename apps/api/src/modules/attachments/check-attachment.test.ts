import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { PNG, pngOfSize } from '../../testing/onboarding-helpers';
import { filesystemStorage } from './attachment-storage';
import { checkAttachment, sanitiseFileName } from './check-attachment';

const attachment = (bytes: Buffer, mime: string, name = 'file') => ({
  name,
  type: 'front',
  mime,
  size: bytes.length,
  data: bytes.toString('base64'),
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

const photo = (format: 'jpeg' | 'png') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
    .withExif({ IFD0: { Copyright: 'Someone', Artist: 'Phone owner' } })
    .withMetadata({ orientation: 6 })
    [format]()
    .toBuffer();

describe('the attachment pipeline', () => {
  it('refuses one byte over 10 MiB, bad base64 and a size that does not match', async () => {
    const big = pngOfSize(10 * 1024 * 1024 + 1);
    expect(await refusal(checkAttachment(attachment(big, 'image/png')))).toBe('file_too_large');
    expect(await refusal(checkAttachment({ ...attachment(PNG, 'image/png'), data: 'AB==' }))).toBe(
      'invalid_base64',
    );
    expect(await refusal(checkAttachment({ ...attachment(PNG, 'image/png'), size: 3 }))).toBe(
      'size_mismatch',
    );
  });

  it('reads the type from the bytes: a renamed program, an SVG, a GIF are refused', async () => {
    const program = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]);
    expect(await refusal(checkAttachment(attachment(program, 'image/png', 'photo.png')))).toBe(
      'unsupported_file_type',
    );
    const elf = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(100)]);
    expect(await refusal(checkAttachment(attachment(elf, 'application/pdf', 'a.pdf')))).toBe(
      'unsupported_file_type',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refusal(checkAttachment(attachment(svg, 'image/svg+xml', 'a.svg')))).toBe(
      'unsupported_file_type',
    );
    expect(await refusal(checkAttachment(attachment(svg, 'image/png', 'a.png')))).toBe(
      'unsupported_file_type',
    );
    expect(await refusal(checkAttachment(attachment(PNG, 'application/pdf')))).toBe('unsupported_file_type');
  });

  it('refuses a PDF with JavaScript and takes a plain one', async () => {
    const pdf = (body: string) =>
      Buffer.from(`%PDF-1.7\n${body}\ntrailer <</Root 1 0 R>>\n%%EOF\n`, 'latin1');
    const scripted = pdf(
      '1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj',
    );
    expect(await refusal(checkAttachment(attachment(scripted, 'application/pdf')))).toBe('file_rejected');
    const plain = pdf('1 0 obj <</Type /Catalog>> endobj');
    const checked = await checkAttachment(attachment(plain, 'application/pdf', 'report.pdf'));
    expect(checked.mime).toBe('application/pdf');
    expect(checked.content.equals(plain)).toBe(true);
  });

  it('strips EXIF from a JPEG and a PNG, keeping the picture upright', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const original = await photo(format);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const checked = await checkAttachment(attachment(original, `image/${format}`));
      const after = await sharp(checked.content).metadata();
      expect(after.exif).toBeUndefined();
      expect(checked.content.toString('latin1')).not.toContain('Phone owner');
      // Orientation 6 is a quarter turn: the stored image is turned, not tagged.
      expect([after.width, after.height]).toEqual([6, 8]);
    }
  });

  it('takes HEIC by its ftyp brand', async () => {
    const box = Buffer.alloc(24);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic', 4, 'latin1');
    box.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([box, Buffer.alloc(64)]);
    const checked = await checkAttachment(attachment(heic, 'image/heic', 'IMG_0001.HEIC'));
    expect(checked.mime).toBe('image/heic');
  });

  it('makes names safe to show and to put in a header', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf');
    expect(sanitiseFileName('.hidden\u202egnp.exe')).toBe('hiddengnp.exe');
    expect(sanitiseFileName('..')).toBe('file');
  });
});

describe('filesystem storage', () => {
  const directories: string[] = [];
  afterAll(async () => Promise.all(directories.map((dir) => rm(dir, { recursive: true }))));

  it('keeps bytes under the id, never under a name, and never overwrites', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'attachments-'));
    directories.push(directory);
    const storage = filesystemStorage(directory);
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await storage.put({ query: async () => [] } as never, id, PNG);
    expect((await storage.get({} as never, id))?.equals(PNG)).toBe(true);
    expect(await readdir(join(directory, '0f'))).toEqual([id]);
    await expect(storage.put({} as never, id, PNG)).rejects.toThrow();
    await expect(storage.get({} as never, '../../etc/passwd')).rejects.toThrow();
    expect(await storage.get({} as never, '1f8fad5b-d9cb-469f-a165-70867728950e')).toBeUndefined();
  });
});
