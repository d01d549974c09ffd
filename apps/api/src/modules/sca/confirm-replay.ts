import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findStoredAnswer, idempotencyKeyReused, requestHashOf, storeAnswer } from '../../lib/idempotency';
import type { SecretBox } from '../../lib/secret-box';
import { codeHash, sameHash } from '../auth';

// A confirmation whose answer was lost (the connection dropped after the commit) is retried,
// and the retry must get the first answer, not "nothing to confirm" (docs/idempotency.md).
// The first answer is stored in the confirmation's own transaction twice over: under the
// challenge the code used up, with the hash of that code, and under the caller's
// Idempotency-Key when one was sent. A retry is answered from the store when the object's
// challenge has an answer for exactly this code, or the key has one for exactly this request;
// any other code or request goes on to the confirmation, which refuses it as before.

/** A confirmation answers 200 with the confirmed object. */
export type ConfirmAnswer<T> = { status: 200; body: T };
export type ConfirmOutcome<T> = ConfirmAnswer<T> & { replayed: boolean };

/**
 * What every confirmation by one-time code is given besides its object: the code typed, the
 * request's Idempotency-Key, the clock, and the box the TOTP secrets are sealed in.
 */
export type CodeConfirmation = {
  code: string;
  idempotencyKey: string | undefined;
  now: () => Date;
  totpBox: SecretBox;
};

/** Called by the confirmation inside its transaction, once the code is used up. */
export type RememberAnswer<T> = (
  tx: Queryable,
  challengeId: string,
  answer: ConfirmAnswer<T>,
) => Promise<void>;

export type ConfirmCall = {
  clientId: string;
  /** Names the call in the key's scope, e.g. `payment-confirm`. */
  action: string;
  code: string;
  /** The request an Idempotency-Key is bound to (the object's id and the code). */
  request: unknown;
  idempotencyKey: string | undefined;
  /** The challenge the object holds now: after its confirmation, the one that confirmed it. */
  currentChallenge: () => Promise<string | null | undefined>;
};

/**
 * The call that confirms one object of the client's (a payment, a batch, a saved recipient) by
 * its code: an Idempotency-Key is bound to the object's id and the code.
 */
export function objectConfirmCall(
  input: Pick<CodeConfirmation, 'code' | 'idempotencyKey'> & { client: { id: string } },
  action: string,
  id: string,
  currentChallenge: ConfirmCall['currentChallenge'],
): ConfirmCall {
  const { code } = input;
  return {
    clientId: input.client.id,
    action,
    code,
    request: { id, code },
    idempotencyKey: input.idempotencyKey,
    currentChallenge,
  };
}

const codeScope = (clientId: string) => `client:${clientId}:sca-confirm`;
const keyScope = (call: ConfirmCall) => `client:${call.clientId}:${call.action}`;

export async function confirmOnce<T>(
  db: Queryable,
  call: ConfirmCall,
  confirm: (remember: RememberAnswer<T>) => Promise<unknown>,
): Promise<ConfirmOutcome<T>> {
  const earlier = await storedAnswerFor<T>(db, call);
  if (earlier) return { ...earlier, replayed: true };
  let answer: ConfirmAnswer<T> | undefined;
  const remember: RememberAnswer<T> = async (tx, challengeId, confirmed) => {
    answer = confirmed;
    await storeAnswer(
      tx,
      { scope: codeScope(call.clientId), key: challengeId, requestHash: codeHash(challengeId, call.code) },
      confirmed,
    );
    if (call.idempotencyKey !== undefined) {
      await storeAnswer(
        tx,
        { scope: keyScope(call), key: call.idempotencyKey, requestHash: requestHashOf(call.request) },
        confirmed,
      );
    }
  };
  try {
    await confirm(remember);
  } catch (error) {
    // A twin of this call may have committed while this one ran: then its answer is ours.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const twin = await storedAnswerFor<T>(db, call);
    if (twin) return { ...twin, replayed: true };
    throw error;
  }
  if (!answer) throw new Error(`${call.action} finished without remembering its answer`);
  return { ...answer, replayed: false };
}

async function storedAnswerFor<T>(db: Queryable, call: ConfirmCall): Promise<ConfirmAnswer<T> | undefined> {
  if (call.idempotencyKey !== undefined) {
    const byKey = await findStoredAnswer<T>(db, keyScope(call), call.idempotencyKey);
    if (byKey) {
      if (!byKey.requestHash.equals(requestHashOf(call.request))) throw idempotencyKeyReused();
      return { status: 200, body: byKey.body };
    }
  }
  const challengeId = await call.currentChallenge();
  if (!challengeId) return undefined;
  const byCode = await findStoredAnswer<T>(db, codeScope(call.clientId), challengeId);
  if (!byCode || !sameHash(byCode.requestHash, codeHash(challengeId, call.code))) return undefined;
  return { status: 200, body: byCode.body };
}
