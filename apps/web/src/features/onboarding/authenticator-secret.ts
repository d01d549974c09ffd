/** '4 characters, a space, 4 more': easier to read and type in than one long run of letters. */
export function secretBlocks(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
