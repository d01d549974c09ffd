import type { AttachmentMime } from '@bluepeak/core';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

// Photos of documents carry where and when they were taken and on which phone (EXIF, XMP, IPTC,
// text chunks). None of it is ours to keep, so a JPEG or PNG is decoded and encoded again: the
// pixels stay, turned upright by their EXIF orientation, and nothing else does. Re-encoding
// also leaves behind anything hidden between an image's chunks. HEIC is kept as uploaded: the
// prebuilt image library cannot decode HEVC (docs/requirements/settings.md, "Attachments").
const MAX_PIXELS = 100_000_000;

export async function stripImageMetadata(content: Buffer, mime: AttachmentMime): Promise<Buffer> {
  if (mime !== 'image/jpeg' && mime !== 'image/png') return content;
  try {
    const image = sharp(content, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    return mime === 'image/jpeg'
      ? await image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer()
      : await image.png({ compressionLevel: 6 }).toBuffer();
  } catch {
    // A header that promises a billion pixels, or data the decoder cannot read to the end.
    throw new AppError('unsupported_file_type', 'Please upload correct files: the image cannot be read');
  }
}
