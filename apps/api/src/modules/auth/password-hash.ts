import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords are hashed with scrypt (node:crypto, no native add-on), a fresh 16-byte salt per
// hash, and the parameters written next to the hash: `scrypt$N$r$p$salt$hash`. N = 2^15 with
// r = 8 costs 32 MiB and about 50 ms per hash, above OWASP's scrypt floor (N = 2^17 at
// r = 8, p = 1 is its first option; 2^15 keeps log-in fast on a small server).
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: MAX_MEMORY_BYTES,
  });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY_BYTES,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// An unknown e-mail address is checked against this hash, so it takes as long as a known
// address with a wrong password and the answer's timing tells nothing (docs/reliability.md, T6).
let dummyHash: Promise<string> | undefined;

export async function verifyPasswordOrDummy(password: string, stored: string | undefined): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-that-never-matches-1A');
  const matches = await verifyPassword(password, stored ?? (await dummyHash));
  return stored !== undefined && matches;
}
