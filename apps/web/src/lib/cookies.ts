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
