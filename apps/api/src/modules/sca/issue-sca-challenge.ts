import type { Queryable } from '../../db/database';
import { createCodeChallenge, oneTimeCodeMessage, useUpClientChallenges } from '../auth';

// Issuing a strong-authentication code for an action (strong-authentication.ts checks it): the
// challenge is bound to the object and what is being authorised, and lives 5 minutes.
export const SCA_CODE_SECONDS = 5 * 60;

export type ScaSubject = {
  kind: 'payment' | 'recipient' | 'deactivation' | 'batch' | 'escrow';
  objectId: string;
  binding: string;
};
export type ScaChallenge = { challenge_id: string; factor: 'totp' | 'sms' | 'email'; expires_at: string };

/** The columns of a clients row that strong authentication reads (a ClientRow has them all). */
export type ScaClient = {
  id: string;
  email: string;
  phone: string;
  password_hash: string;
  phone_verified_at: Date | null;
  second_factor: 'totp' | 'sms' | 'email';
  totp_secret_encrypted: string | null;
  totp_confirmed_at: Date | null;
  totp_last_counter: number | null;
};

export function factorOf(client: ScaClient): ScaChallenge['factor'] {
  if (client.second_factor === 'totp' && client.totp_confirmed_at) return 'totp';
  if (client.second_factor === 'sms' && client.phone_verified_at) return 'sms';
  return 'email';
}

/**
 * Issues a challenge for `subject` and sends its code (unless the factor is an authenticator
 * app). Earlier live challenges for the same object are used up, so only the newest code works.
 * `what` is the plain text the client reads next to the code ("pay 100.00 EUR to Jane Doe").
 */
export async function issueScaChallenge(
  tx: Queryable,
  client: ScaClient,
  subject: ScaSubject,
  what: string,
  now: Date,
  options: { newObject?: boolean } = {},
): Promise<ScaChallenge> {
  // An object created in this same transaction has no earlier challenge to use up.
  if (!options.newObject) {
    await useUpClientChallenges(tx, client.id, 'payment', now, { key: 'object_id', value: subject.objectId });
  }
  const factor = factorOf(client);
  const to = factor === 'sms' ? client.phone : client.email;
  // Unless the factor is an authenticator app, the code's message is queued with the challenge.
  const challenge = await createCodeChallenge(
    tx,
    {
      purpose: 'payment',
      principal: { type: 'client', id: client.id },
      factor,
      lifetimeSeconds: SCA_CODE_SECONDS,
      now,
      context: { kind: subject.kind, object_id: subject.objectId, binding: subject.binding },
    },
    (code) => oneTimeCodeMessage(factor === 'sms' ? 'sms' : 'email', to, code, what),
  );
  const expiresAt = new Date(now.getTime() + SCA_CODE_SECONDS * 1000);
  return { challenge_id: challenge.id, factor, expires_at: expiresAt.toISOString() };
}
