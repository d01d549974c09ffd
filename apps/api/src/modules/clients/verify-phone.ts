import { maskPhone } from '@bluepeak/core/auth';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import {
  claimChallenge,
  codeMatches,
  countFailedAttempt,
  createCodeChallenge,
  oneTimeCodeMessage,
  PHONE_CODE_SECONDS,
  useUpClientChallenges,
} from '../auth';
import { enqueueMessage } from '../outbox';
import { latestPhoneChallenge } from './client-challenge-rows';
import { correctUnverifiedPhone, markPhoneVerified } from './client-credential-rows';
import type { ClientRow } from './client-rows';
import { findClientById } from './client-rows';
import { type Actor, changeStatus } from './client-transitions';

// /dashboard/phone-verification: a code by SMS to the number given at sign-up. A correct code
// makes a NEW client VERIFIED; a private client then needs the identity check. A number given
// wrong at sign-up is corrected here, before it is verified.
export const CODE_INVALID_MESSAGE = 'The code is not correct or has expired';

export async function sendPhoneCode(tx: Queryable, client: ClientRow, now: Date): Promise<void> {
  if (client.phone_verified_at)
    throw new AppError('phone_already_verified', 'The phone number is already verified');
  await useUpClientChallenges(tx, client.id, 'phone_verify', now);
  const challenge = await createCodeChallenge(tx, {
    purpose: 'phone_verify',
    principal: { type: 'client', id: client.id },
    factor: 'sms',
    lifetimeSeconds: PHONE_CODE_SECONDS,
    now,
    context: { phone: client.phone },
  });
  if (challenge.code)
    await enqueueMessage(tx, oneTimeCodeMessage('sms', client.phone, challenge.code, 'verify your phone'));
}

/**
 * A new client who gave a wrong number at sign-up corrects it: the number changes (audited, the
 * new one masked) and a code goes to it; codes sent to the old number no longer verify anything.
 */
export async function correctPhone(
  tx: Queryable,
  client: ClientRow,
  phone: string,
  context: { now: Date; actor: Actor },
): Promise<void> {
  if (!(await correctUnverifiedPhone(tx, client.id, phone, context.now)))
    throw new AppError('phone_already_verified', 'The phone number is already verified');
  await writeAuditEntry(tx, {
    ...context.actor,
    action: 'client.phone_corrected',
    objectType: 'client',
    objectId: client.id,
    details: { phone: maskPhone(phone) },
  });
  await sendPhoneCode(tx, { ...client, phone }, context.now);
}

export async function verifyPhoneCode(
  db: Database,
  clientId: string,
  code: string,
  context: { now: Date; actor: Actor; onVerified: (tx: Queryable, challengeId: string) => Promise<void> },
) {
  const client = await findClientById(db, clientId);
  if (!client) throw new AppError('session_ended', 'Please log in again');
  if (client.phone_verified_at)
    throw new AppError('phone_already_verified', 'The phone number is already verified');
  const challenge = await latestPhoneChallenge(db, client, context.now);
  if (!challenge || !codeMatches(challenge, code)) {
    if (challenge) await countFailedAttempt(db, challenge.id);
    throw new AppError('code_invalid', CODE_INVALID_MESSAGE, { detail: CODE_INVALID_MESSAGE });
  }
  await withTransaction(db, async (tx) => {
    if (!(await claimChallenge(tx, challenge.id, context.now))) {
      throw new AppError('code_invalid', CODE_INVALID_MESSAGE, { detail: CODE_INVALID_MESSAGE });
    }
    await markPhoneVerified(tx, client.id, context.now);
    await writeAuditEntry(tx, {
      ...context.actor,
      action: 'client.phone_verified',
      objectType: 'client',
      objectId: client.id,
    });
    if (client.status === 'NEW') await changeStatus(tx, client, ['NEW'], 'VERIFIED', context);
    await context.onVerified(tx, challenge.id);
  });
}
