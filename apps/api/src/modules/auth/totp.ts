import { brand } from '@bluepeak/core';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

// RFC 6238 with the settings every authenticator app supports: SHA-1, 6 digits, 30 s. A code
// is accepted in its own 30-second step or the one before (clock drift), and never twice: the
// last step used is stored and a code from it or an earlier one is refused (docs/reliability.md, T6).
const PERIOD_SECONDS = 30;
const ACCEPTED_PAST_STEPS = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: brand.trading_name,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export async function totpEnrolment(secretBase32: string, label: string) {
  const uri = totpFor(secretBase32, label).toString();
  const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { uri, qrDataUrl };
}

/** The time step the code belongs to, or null when it is wrong, too old or already used. */
export function verifyTotp(
  secretBase32: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): number | null {
  const totp = totpFor(secretBase32, 'check');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: ACCEPTED_PAST_STEPS });
  if (delta === null || delta > 0) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The code an app would show now (demo seeding and tests). */
export function currentTotpCode(secretBase32: string, now: Date): string {
  return totpFor(secretBase32, 'check').generate({ timestamp: now.getTime() });
}
