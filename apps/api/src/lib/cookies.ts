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

/**
 * The script-readable companion of a session cookie: it carries nothing but "1", so a public page
 * can tell that there may be a session without asking the API (and logging a 401 for every
 * visitor who has none). The session itself stays in the HttpOnly cookie.
 */
export const sessionHintCookie = (name: string) => `${name}_hint`;

/**
 * HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it), Secure over
 * HTTPS; with its hint, which lives and goes with it.
 */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  options: { name: string; value: string; maxAgeSeconds: number; publicUrl: string },
) {
  const tail = ['Path=/', 'SameSite=Strict', `Max-Age=${options.maxAgeSeconds}`];
  if (isSecure(request, options.publicUrl)) tail.push('Secure');
  const session = [`${options.name}=${options.value}`, 'Path=/', 'HttpOnly', ...tail.slice(1)];
  const hint = [`${sessionHintCookie(options.name)}=${options.value === '' ? '' : '1'}`, ...tail];
  reply.header('set-cookie', [session.join('; '), hint.join('; ')]);
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  name: string,
  publicUrl: string,
) {
  setSessionCookie(reply, request, { name, value: '', maxAgeSeconds: 0, publicUrl });
}
