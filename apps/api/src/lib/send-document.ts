import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Downloads of uploaded files (docs/reliability.md, T10): always as an attachment, never sniffed
// into something executable, never cached. The name is reduced to safe characters for the
// plain filename and given in full, percent-encoded, in filename* (RFC 6266).
// Should a browser render the bytes anyway (a direct visit, a browser that ignores the
// disposition), the policy makes the page a sandbox of its own: an opaque origin with no script,
// no form, no plugin and nothing loaded (decision 0044). An <img> drawing an image from it is
// not affected: a subresource's policy does not apply to the page that embeds it.
export const FILE_RESPONSE_POLICY =
  "sandbox; default-src 'none'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

export function sendDocument(
  reply: FastifyReply,
  file: { fileName: string; mime: string; content: Buffer | Readable },
) {
  const plain = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  const encoded = encodeURIComponent(file.fileName);
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`)
    .header('content-security-policy', FILE_RESPONSE_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** A JSON body that carries `count` files of 10 MiB in base64, plus room for the envelope. */
export function attachmentBodyLimit(count: number): number {
  return count * Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64 * 1024;
}
