import { AppError } from '../../lib/app-error';
import { unsafeTextProblem } from '../../lib/unsafe-text';

// multipart/form-data for the one route that takes a file the way browsers and curl send it
// (the rest of the API speaks JSON). The body is already bounded by the route's body limit;
// this splits it on the boundary and keeps the text fields and the one file part.
export type MultipartBody = {
  fields: Record<string, string>;
  file: { fileName: string; data: Buffer } | null;
};

const malformed = (message: string) => new AppError('validation_failed', message, { detail: message });

// The edge's check of unsafe text skips a multipart body (bytes), so its names and fields, which
// are stored as text (the file's name with the batch), are checked here: the same refusal.
function safeText(field: string, text: string): string {
  const message = unsafeTextProblem(text);
  if (message)
    throw new AppError('validation_failed', 'The request is not valid', {
      errors: [{ field, code: 'invalid_text', message }],
    });
  return text;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw malformed('A multipart body needs a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const result: MultipartBody = { fields: {}, file: null };
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformed('The multipart body has no parts');
  for (let parts = 0; parts < 20; parts++) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return result;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(delimiter, at);
    if (headerEnd < 0 || next < 0 || headerEnd > next) throw malformed('A multipart part is cut short');
    const headers = body.subarray(at, headerEnd).toString('utf8');
    const content = body.subarray(headerEnd + 4, next - 2);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name === 'file' && fileName !== undefined) {
      if (result.file) throw malformed('Send one file at a time');
      result.file = {
        fileName: safeText('file', fileName.slice(0, 200).replace(/[\ud800-\udbff]$/, '')),
        data: content,
      };
    } else if (name) result.fields[name] = safeText(name, content.toString('utf8').slice(0, 1000));
    at = next;
  }
  throw malformed('Too many multipart parts');
}
