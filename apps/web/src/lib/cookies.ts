// Plain document.cookie: the Cookie Store API is not in every browser we support yet.
export function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: see the comment at the top of this file
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}

export function removeCookie(name: string) {
  writeCookie(name, '', 0);
}

// The session's token is HttpOnly: the browser can expire only its script-readable hint, which
// the API sets and clears with it (lib/cookies.ts there).
export const SESSION_HINT_COOKIE = 'bp__token_hint';

/** Whether a session may exist: without the hint there is none, and no request need ask. */
export const mayHaveSession = () => readCookie(SESSION_HINT_COOKIE) === '1';

/** Forgets the session's cookies as far as a script can (the token cookie itself is HttpOnly). */
export function forgetSessionCookies() {
  removeCookie('bp__token');
  removeCookie(SESSION_HINT_COOKIE);
}
