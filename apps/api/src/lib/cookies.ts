import type { FastifyReply, FastifyRequest } from 'fastify';

// The two session cookies are all the API sets, so a few lines replace a cookie plugin.
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

function isSecure(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it), Secure over HTTPS. */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  options: { name: string; value: string; maxAgeSeconds: number; publicUrl: string },
) {
  const parts = [
    `${options.name}=${options.value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${options.maxAgeSeconds}`,
  ];
  if (isSecure(request, options.publicUrl)) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  name: string,
  publicUrl: string,
) {
  setSessionCookie(reply, request, { name, value: '', maxAgeSeconds: 0, publicUrl });
}
