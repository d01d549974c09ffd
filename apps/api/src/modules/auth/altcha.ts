import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { deleteExpiredAltchaChallenges, recordAltchaChallenge } from './altcha-rows';

// The self-hosted ALTCHA proof of work guarding sign-up (docs/requirements/security.md, "The bot check"). The
// challenge is signed with a key derived from the installation secret, so any API process can
// check it; a solved challenge is recorded and works once.
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

export type AltchaSettings = { cost: number; counterMin: number; counterMax: number };
// About a second of work in a browser, enough to make bulk sign-ups expensive.
export const DEFAULT_ALTCHA_SETTINGS: AltchaSettings = { cost: 5_000, counterMin: 5_000, counterMax: 10_000 };

export type AltchaKeys = { signature: string; keySignature: string };

export function altchaKeys(installationKey: Buffer): AltchaKeys {
  const derive = (label: string) => createHmac('sha256', installationKey).update(label).digest('hex');
  return { signature: derive('altcha-signature'), keySignature: derive('altcha-key-signature') };
}

export function createAltchaChallenge(
  keys: AltchaKeys,
  now: Date,
  settings: AltchaSettings = DEFAULT_ALTCHA_SETTINGS,
): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: settings.cost,
    counter: randomInt(settings.counterMin, settings.counterMax),
    deriveKey,
    expiresAt: Math.floor(now.getTime() / 1000) + CHALLENGE_LIFETIME_SECONDS,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
}

const parametersSchema = z.strictObject({
  algorithm: z.string().max(40),
  nonce: z.string().max(200),
  salt: z.string().max(200),
  cost: z.number().int().positive(),
  keyLength: z.number().int().positive().max(128),
  keyPrefix: z.string().max(256),
  keySignature: z.string().max(256).optional(),
  memoryCost: z.number().int().positive().optional(),
  parallelism: z.number().int().positive().optional(),
  expiresAt: z.number().int().positive().optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

const payloadSchema = z.object({
  challenge: z.object({ parameters: parametersSchema, signature: z.string().max(256).optional() }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

/** True when the widget's base64 payload solves a challenge of ours that was not used before. */
export async function verifyAltchaPayload(
  db: Queryable,
  keys: AltchaKeys,
  payloadBase64: string,
  now: Date,
): Promise<boolean> {
  const parsed = payloadSchema.safeParse(decodePayload(payloadBase64));
  if (!parsed.success) return false;
  // The library checks the HMAC signature over every challenge parameter and the expiry.
  const result = await verifySolution({
    challenge: parsed.data.challenge,
    solution: parsed.data.solution,
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  }).catch(() => ({ verified: false }));
  if (!result.verified) return false;
  await deleteExpiredAltchaChallenges(db, now);
  return recordAltchaChallenge(
    db,
    parsed.data.challenge.parameters.nonce,
    new Date(now.getTime() + CHALLENGE_LIFETIME_SECONDS * 1000),
  );
}

function decodePayload(payloadBase64: string): unknown {
  try {
    return JSON.parse(Buffer.from(payloadBase64, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}
