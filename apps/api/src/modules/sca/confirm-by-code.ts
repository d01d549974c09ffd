import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { type CodeConfirmation, type ConfirmOutcome, confirmOnce } from './confirm-replay';
import type { ScaClient, ScaSubject } from './issue-sca-challenge';
import { claimScaChallenge, type VerifiedSca, verifyScaCode } from './strong-authentication';

// The one flow of confirming a step by its one-time code (a batch, a saved recipient, an escrow
// consent): the code is judged against what the step is bound to, then, in one transaction,
// the object is locked and checked again (it may have changed since the code was judged), the
// code is used up, the step is done and its answer kept, so a retry gets that first answer
// (docs/idempotency.md). A refusal anywhere in the transaction rolls the code's use back too.
// Payments keep their own flow: they lock the payment and claim the code in one statement.

/** A step's `lock` refusal when the object is no longer what its code was bound to. */
export const changedSinceCode = (what: string) =>
  new AppError('sca_code_invalid', `The ${what} changed after the code was sent; ask for a new code`, {
    detail: `The ${what} changed after the code was sent; ask for a new code.`,
  });

export type CodeStep<L, T> = {
  /** Names the call in the Idempotency-Key's scope, e.g. `batch-confirm`. */
  action: string;
  /** The object's id. */
  id: string;
  /** What an Idempotency-Key is bound to; the object's id and the code unless the step says more. */
  request?: unknown;
  /** The challenge the object holds now: after its confirmation, the one that confirmed it. */
  currentChallenge: () => Promise<string | null | undefined>;
  /**
   * Reads the object, refuses a step that cannot happen now (before the code is judged, so a
   * refused step does not count against the code), and says which challenge and binding the
   * code must match.
   */
  expect: () => Promise<{ challengeId: string | null; subject: ScaSubject }>;
  /** In the transaction, before the code is used up: locks the object and refuses if it changed. */
  lock: (tx: Queryable, binding: string) => Promise<L>;
  /** In the transaction, once the code is used up: does the step and builds the answer to keep. */
  act: (tx: Queryable, locked: L, verified: VerifiedSca) => Promise<T>;
};

export async function confirmByCode<L, T>(
  db: Database,
  input: CodeConfirmation & { client: ScaClient },
  step: CodeStep<L, T>,
): Promise<ConfirmOutcome<T>> {
  const { client, code } = input;
  return confirmOnce<T>(
    db,
    {
      clientId: client.id,
      action: step.action,
      code,
      request: step.request ?? { id: step.id, code },
      idempotencyKey: input.idempotencyKey,
      currentChallenge: step.currentChallenge,
    },
    async (remember) => {
      const { challengeId, subject } = await step.expect();
      const verified = await verifyScaCode(db, {
        client,
        challengeId,
        subject,
        code,
        now: input.now(),
        totpBox: input.totpBox,
      });
      await withTransaction(db, async (tx) => {
        const locked = await step.lock(tx, subject.binding);
        await claimScaChallenge(tx, verified, input.now());
        const body = await step.act(tx, locked, verified);
        await remember(tx, verified.challengeId, { status: 200, body });
      });
    },
  );
}
