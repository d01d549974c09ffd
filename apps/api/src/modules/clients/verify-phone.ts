import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import {
  type ChallengeRow,
  claimChallenge,
  codeMatches,
  countFailedAttempt,
  createCodeChallenge,
  MAX_FAILED_ATTEMPTS,
  oneTimeCodeMessage,
  PHONE_CODE_SECONDS,
  useUpClientChallenges,
} from '../auth';
import { enqueueMessage } from '../outbox';
import type { ClientRow } from './client-rows';
import { findClientById } from './client-rows';
import { type Actor, changeStatus } from './client-transitions';

// /dashboard/phone-verification: a code by SMS to the number given at sign-up. A correct code
// makes a NEW client VERIFIED; a private client then needs the identity check.
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

async function latestPhoneChallenge(db: Queryable, client: ClientRow, now: Date) {
  const [row] = await db.query<ChallengeRow>(
    `SELECT * FROM auth_challenges WHERE client_id = $1 AND purpose = 'phone_verify' AND used_at IS NULL
       AND expires_at > $2 AND attempts < $3 AND context->>'phone' = $4
     ORDER BY created_at DESC LIMIT 1`,
    [client.id, now, MAX_FAILED_ATTEMPTS, client.phone],
  );
  return row;
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
    await tx.query(
      'UPDATE clients SET phone_verified_at = $2, ondato_required = (type = $3), updated_at = $2 WHERE id = $1',
      [client.id, context.now, 'PRIVATE'],
    );
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

/** The challenge whose code verified the phone (used up at the same instant), if it is verified. */
export async function phoneVerifiedBy(db: Queryable, clientId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `SELECT ac.id FROM auth_challenges ac JOIN clients c ON c.id = ac.client_id
     WHERE ac.client_id = $1 AND ac.purpose = 'phone_verify' AND ac.used_at = c.phone_verified_at
     ORDER BY ac.created_at DESC LIMIT 1`,
    [clientId],
  );
  return row?.id;
}
