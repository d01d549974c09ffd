import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// Session tokens and e-mailed link secrets: 32 random bytes, base64url. Only their SHA-256 is
// stored, so reading the database gives no usable token.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function sha256(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

/** A six-digit one-time code, uniformly drawn (randomInt has no modulo bias). */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A code is hashed with its challenge id, so equal codes of two challenges hash differently. */
export function codeHash(challengeId: string, code: string): Buffer {
  return sha256(`${challengeId}:${code}`);
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
