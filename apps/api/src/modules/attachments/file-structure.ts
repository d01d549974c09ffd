import type { AttachmentMime } from '@bluepeak/core';
import { MARKUP } from './markup';
import { checkPdfActiveContent } from './pdf-active-content';
import { PdfCheckFailure } from './pdf-syntax';

// The first bytes say what a file claims to be; the rest can still be something else. A PNG
// or JPEG with an HTML page after its image (a polyglot) renders as a page if a browser ever
// sniffs it, and a PDF can carry JavaScript or launch a program when a reviewer opens it. So
// the whole file is read: an image must end where its format ends, no file may carry markup,
// and a PDF may carry no active content, also inside its compressed streams (pdf-active-content.ts).
export type FileRefusal = {
  status: 415 | 422;
  code: 'unsupported_file_type' | 'file_rejected';
  message: string;
};

const NOT_WHAT_IT_SAYS: FileRefusal = {
  status: 415,
  code: 'unsupported_file_type',
  message: 'Please upload correct files: the file is damaged or not what its type says',
};
const ACTIVE_CONTENT: FileRefusal = {
  status: 422,
  code: 'file_rejected',
  message: 'This file contains web page or script content and cannot be accepted',
};
const UNCHECKABLE: FileRefusal = {
  status: 422,
  code: 'file_rejected',
  message:
    'This PDF cannot be checked: it is encrypted, too large once decompressed or encoded in an unusual way. Please upload a plain copy',
};

export function fileStructureRefusal(content: Buffer, mime: AttachmentMime): FileRefusal | undefined {
  const text = content.toString('latin1');
  if (MARKUP.test(text)) return ACTIVE_CONTENT;
  switch (mime) {
    case 'image/png':
      return isWholePng(content) ? undefined : NOT_WHAT_IT_SAYS;
    case 'image/jpeg':
      return isWholeJpeg(content) ? undefined : NOT_WHAT_IT_SAYS;
    case 'application/pdf':
      return pdfRefusal(text);
    case 'image/heic':
      // An ISO media container whose boxes the image library does not read (see strip-metadata.ts):
      // its `ftyp` brand was checked, and the markup test above has run over every byte.
      return undefined;
  }
}

/** Chunk after chunk from IHDR to IEND, and nothing after IEND. */
export function isWholePng(content: Buffer): boolean {
  let offset = 8;
  let first = true;
  while (offset + 12 <= content.length) {
    const length = content.readUInt32BE(offset);
    const type = content.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || (first && (type !== 'IHDR' || length !== 13))) return false;
    offset += 12 + length;
    if (offset > content.length) return false;
    if (type === 'IEND') return offset === content.length;
    first = false;
  }
  return false;
}

/**
 * Starts with SOI and ends with EOI: nothing is appended after the image. Zero bytes after EOI
 * are padding some cameras write, and are let through.
 */
export function isWholeJpeg(content: Buffer): boolean {
  let end = content.length;
  while (end > 4 && content[end - 1] === 0) end--;
  return (
    end >= 4 &&
    content[0] === 0xff &&
    content[1] === 0xd8 &&
    content[end - 2] === 0xff &&
    content[end - 1] === 0xd9
  );
}

function pdfRefusal(text: string): FileRefusal | undefined {
  if (!text.startsWith('%PDF-') || !text.slice(-1024).includes('%%EOF')) return NOT_WHAT_IT_SAYS;
  try {
    checkPdfActiveContent(text);
    return undefined;
  } catch (error) {
    // Anything else thrown while reading a hostile file (a stack or memory limit, a slip of the
    // reader) means the file was not read through: refused as such, never a 500. Nothing about
    // the file is logged.
    if (!(error instanceof PdfCheckFailure)) return UNCHECKABLE;
    return { active: ACTIVE_CONTENT, damaged: NOT_WHAT_IT_SAYS, uncheckable: UNCHECKABLE }[error.reason];
  }
}
