import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { collectOwedFees } from '../accounts';
import type { ChallengeRow } from '../auth';
import { type ClientRow, clientDisplayName } from '../clients';
import { incomingPaymentNotice } from '../notifications';
import { queueRailSubmission, railChannel } from '../rails';
import { saveConfirmedPayee } from '../recipients';
import { type ConfirmOutcome, confirmOnce, finishScaClaim, objectConfirmCall, verifyScaCode } from '../sca';
import { paymentBinding } from './create-payment';
import { placePaymentHolds, postInternalPayment } from './payment-ledger';
import {
  findClientPayment,
  findClientPaymentWithChallenge,
  lockPaymentAndClaimCode,
  type PaymentEventRow,
  type PaymentRow,
  setPaymentRecipient,
} from './payment-rows';
import { changePaymentStatusWithHistory, type PaymentActor } from './payment-status';

// Confirming with the code (docs/requirements/api-contract.md): the code must be the one issued for
// this payment, for exactly its amount and payee. Then, in one transaction: the code is used up,
// the money is held (external) or moved (internal), the status changes and an external payment gets
// its rail outbox row. Not enough money rolls all of it back, code included.
const notAwaiting = () =>
  new AppError('payment_not_awaiting_confirmation', 'This payment is not waiting for confirmation');

/**
 * Confirms once: a retry with the same code (or Idempotency-Key) gets the first answer, which
 * `answerOf` builds inside the confirmation's transaction (docs/idempotency.md).
 */
export async function confirmPaymentOnce<T>(
  db: Database,
  input: {
    client: ClientRow;
    paymentId: string;
    code: string;
    idempotencyKey: string | undefined;
    actor: PaymentActor;
    now: () => Date;
    totpBox: SecretBox;
    /** The answer to keep and send, from the confirmed payment and its history. */
    answerOf: (payment: PaymentRow, history: PaymentEventRow[]) => T;
  },
): Promise<ConfirmOutcome<T>> {
  const { client, paymentId: id, code } = input;
  // The payment read for the replay check is the one the confirmation starts from (it locks
  // and re-checks it in its transaction). While it still awaits confirmation no answer can
  // be stored for it (the answer commits with the status change), so there is nothing to
  // look up; a twin that commits meanwhile makes this call fail and confirmOnce look again.
  let loaded: { payment: PaymentRow; challenge: ChallengeRow | null } | undefined;
  return confirmOnce<T>(
    db,
    objectConfirmCall(input, 'payment-confirm', id, async () => {
      loaded = await findClientPaymentWithChallenge(db, client.id, id);
      return loaded?.payment.status === 'awaiting_confirmation' ? undefined : loaded?.payment.challenge_id;
    }),
    (remember) =>
      confirmPayment(db, {
        client,
        loaded,
        paymentId: id,
        code,
        actor: input.actor,
        now: input.now(),
        totpBox: input.totpBox,
        onConfirmed: async (tx, payment, history, challengeId) => {
          await remember(tx, challengeId, { status: 200, body: input.answerOf(payment, history) });
        },
      }),
  );
}

export async function confirmPayment(
  db: Database,
  input: {
    client: ClientRow;
    paymentId: string;
    code: string;
    actor: PaymentActor;
    now: Date;
    totpBox: SecretBox;
    /** The payment and its challenge as the caller just read them, if it did: saves reading them again. */
    loaded?: { payment: PaymentRow; challenge: ChallengeRow | null } | undefined;
    /** Runs in the confirmation's transaction, before the money moves (the route keeps its answer there). */
    onConfirmed?: (
      tx: Queryable,
      payment: PaymentRow,
      history: PaymentEventRow[],
      challengeId: string,
    ) => Promise<void>;
  },
): Promise<PaymentRow> {
  const loaded =
    input.loaded?.payment.id === input.paymentId && input.loaded.payment.client_id === input.client.id
      ? input.loaded
      : undefined;
  const payment = loaded?.payment ?? (await findClientPayment(db, input.client.id, input.paymentId));
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'awaiting_confirmation') throw notAwaiting();
  const verified = await verifyScaCode(db, {
    client: input.client,
    challengeId: payment.challenge_id,
    ...(loaded ? { read: loaded.challenge } : {}),
    subject: { kind: 'payment', objectId: payment.id, binding: paymentBinding(payment) },
    code: input.code,
    now: input.now,
    totpBox: input.totpBox,
  });
  return withTransaction(db, async (tx) => {
    const found = await lockPaymentAndClaimCode(tx, payment.id, verified, input.now);
    if (found?.locked.status !== 'awaiting_confirmation') throw notAwaiting();
    const { locked, payee } = found;
    // The row may have changed between the check and the lock: the code stays bound to it.
    if (paymentBinding(locked) !== paymentBinding(payment)) throw notAwaiting();
    // Each refusal above rolls the claim back with the transaction.
    await finishScaClaim(tx, verified, found.claimed);
    // The ledger accounts are the rows every payment of a client touches: the money moves
    // last, so their locks are held only until the commit, not across the other writes.
    // Not enough money still rolls back everything before it, code included.
    let moveMoney: () => Promise<void>;
    let history: PaymentEventRow[] | undefined;
    if (locked.type === 'internal') {
      if (!payee) throw new Error(`internal payment ${locked.id} has no payee account`);
      moveMoney = async () => {
        await postInternalPayment(tx, locked, payee.ledger_account_id);
        // A fee the payee owes is taken as soon as its account covers it, as on any credit.
        if (payee.owes_fees) await collectOwedFees(tx, payee.client_id);
      };
      // The payee is told in the status change's own statement.
      history = await changePaymentStatusWithHistory(tx, locked, 'completed', {
        actor: input.actor,
        alsoNotify: incomingPaymentNotice({
          clientId: payee.client_id,
          accountId: payee.id,
          amountMinor: locked.amount_minor,
          currency: locked.currency,
          payerName: clientDisplayName(input.client),
        }),
      });
    } else {
      moveMoney = () => placePaymentHolds(tx, locked);
      history = await changePaymentStatusWithHistory(tx, locked, 'processing', { actor: input.actor });
      await queueRailSubmission(tx, locked, await railChannel(tx, locked.rail as 'sepa'));
    }
    if (locked.save_recipient) {
      const recipientId = await saveConfirmedPayee(tx, {
        clientId: locked.client_id,
        type: locked.type,
        payee: locked.payee,
        actor: input.actor,
        now: input.now,
      });
      await setPaymentRecipient(tx, locked.id, recipientId);
      locked.recipient_id = recipientId;
    }
    // Locked above in its awaiting status, so no one else can have moved it.
    if (!history) throw new Error(`payment ${locked.id} did not move on confirmation`);
    await input.onConfirmed?.(tx, locked, history, verified.challengeId);
    await moveMoney();
    return locked;
  });
}
