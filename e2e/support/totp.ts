import { createHmac } from 'node:crypto';

// An authenticator app's codes, for journeys that enrol one: RFC 6238 (SHA-1, 6 digits, 30 s).
export const TOTP_STEP_MS = 30_000;

/** The step (30-second window) `now` falls in. */
export const totpStep = (now = Date.now()) => Math.floor(now / TOTP_STEP_MS);

/** The code the app shows at `now` for a base32 key. */
export function totp(secretBase32: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(totpStep(now)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
