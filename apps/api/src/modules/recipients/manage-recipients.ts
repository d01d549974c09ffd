import type { CreateRecipient } from '@bluepeak/core/payments';
import type { Database, Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditEntry, writeAuditEntry } from '../audit';
import type { ClientRow } from '../clients';
import {
  bindingHash,
  type CodeConfirmation,
  type ConfirmOutcome,
  changedSinceCode,
  confirmByCode,
  issueScaChallenge,
  type ScaChallenge,
} from '../sca';
import {
  activateRecipient,
  countClientRecipients,
  findClientRecipient,
  insertActiveRecipient,
  insertPendingRecipient,
  markRecipientDeleted,
  type RecipientRow,
  setRecipientChallenge,
  setRecipientDetails,
} from './recipient-rows';
import { resolvePayee } from './resolve-payee';
import { lockClientRecipients, recipientExists, recipientOfAccount } from './same-account';

// Saved recipients (docs/requirements/recipients.md). Adding one or changing its details makes it a
// trusted beneficiary, so it needs strong authentication (docs/reliability.md, T6): the new details
// wait, bound to a one-time code, until the client confirms them. Deleting needs no code:
// it only takes trust away.
export type RecipientActor = Pick<AuditEntry, 'actorType' | 'actorId' | 'requestId' | 'ip'>;

const MAX_RECIPIENTS = 500;

async function checkedDetails(tx: Queryable, client: ClientRow, input: CreateRecipient) {
  // The same checks as a payment's payee (IBAN check digits, SEPA reach); an internal payee is
  // looked up in any currency its group holds at payment time, so only its form is checked here.
  if (input.type === 'internal') return input.details as Record<string, string>;
  const resolved = await resolvePayee(tx, {
    type: input.type,
    payee: input.details,
    currency: input.type === 'faster_pay' ? 'GBP' : 'EUR',
    payerClientId: client.id,
  });
  return resolved.payee;
}

function recipientBinding(recipientId: string, details: Record<string, string>) {
  return bindingHash({ recipient_id: recipientId, details });
}

export async function addRecipient(
  tx: Queryable,
  input: { client: ClientRow; body: CreateRecipient; actor: RecipientActor; now: Date },
): Promise<{ recipient: RecipientRow; sca: ScaChallenge }> {
  const { client } = input;
  await lockClientRecipients(tx, client.id);
  const details = await checkedDetails(tx, client, input.body);
  const same = await recipientOfAccount(tx, { clientId: client.id, type: input.body.type, details });
  // An addition left at its code step is taken up again (these details, a new code) instead of
  // being listed twice; a trusted recipient of the account is changed, not added again.
  if (same?.status === 'pending_confirmation')
    return renewPendingRecipient(tx, { ...input, row: same, details });
  if (same) throw recipientExists(same);
  const count = await countClientRecipients(tx, client.id);
  if (count >= MAX_RECIPIENTS)
    throw new AppError('too_many_recipients', `At most ${MAX_RECIPIENTS} recipients`, {
      detail: `At most ${MAX_RECIPIENTS} recipients`,
    });
  const row = await insertPendingRecipient(tx, {
    clientId: client.id,
    type: input.body.type,
    details,
    now: input.now,
  });
  if (!row) throw new Error('recipient insert returned no row');
  const sca = await challengeFor(tx, client, row, details, input.now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'recipient.added',
    objectType: 'recipient',
    objectId: row.id,
    details: { type: row.type, status: 'pending_confirmation' },
  });
  return { recipient: { ...row, challenge_id: sca.challenge_id }, sca };
}

async function renewPendingRecipient(
  tx: Queryable,
  input: {
    client: ClientRow;
    row: RecipientRow;
    details: Record<string, string>;
    actor: RecipientActor;
    now: Date;
  },
): Promise<{ recipient: RecipientRow; sca: ScaChallenge }> {
  const updated = await setRecipientDetails(tx, input.row.id, 'details', input.details, input.now);
  if (!updated) throw new Error('recipient update returned no row');
  // The new code replaces the old one: the recipient's challenge is the only one it accepts.
  const sca = await challengeFor(tx, input.client, updated, input.details, input.now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'recipient.added',
    objectType: 'recipient',
    objectId: updated.id,
    details: { type: updated.type, status: 'pending_confirmation', renewed: true },
  });
  return { recipient: { ...updated, challenge_id: sca.challenge_id }, sca };
}

async function challengeFor(
  tx: Queryable,
  client: ClientRow,
  row: RecipientRow,
  details: Record<string, string>,
  now: Date,
): Promise<ScaChallenge> {
  const sca = await issueScaChallenge(
    tx,
    client,
    { kind: 'recipient', objectId: row.id, binding: recipientBinding(row.id, details) },
    `save the recipient ${details.name ?? ''}`,
    now,
  );
  await setRecipientChallenge(tx, row.id, sca.challenge_id);
  return sca;
}

export async function changeRecipient(
  tx: Queryable,
  input: { client: ClientRow; id: string; body: CreateRecipient; actor: RecipientActor; now: Date },
): Promise<{ recipient: RecipientRow; sca: ScaChallenge }> {
  await lockClientRecipients(tx, input.client.id);
  const row = await findClientRecipient(tx, input.client.id, input.id, true);
  if (!row) throw notFound('Recipient');
  if (row.type !== input.body.type)
    throw new AppError('recipient_type_change', 'A recipient keeps its payment type', {
      detail: 'A recipient keeps its payment type; add a new recipient instead',
    });
  const details = await checkedDetails(tx, input.client, input.body);
  const same = await recipientOfAccount(tx, {
    clientId: input.client.id,
    type: row.type,
    details,
    exceptId: row.id,
  });
  if (same) throw recipientExists(same);
  // A recipient never confirmed simply gets new details; a trusted one keeps its old ones
  // until the change is confirmed.
  const column = row.status === 'active' ? 'pending_details' : 'details';
  const updated = await setRecipientDetails(tx, row.id, column, details, input.now);
  if (!updated) throw new Error('recipient update returned no row');
  const sca = await challengeFor(tx, input.client, updated, details, input.now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'recipient.change_requested',
    objectType: 'recipient',
    objectId: row.id,
  });
  return { recipient: { ...updated, challenge_id: sca.challenge_id }, sca };
}

/** Confirms once: a retry with the same code (or Idempotency-Key) gets the first answer. */
export async function confirmRecipientOnce<T>(
  db: Database,
  input: CodeConfirmation & {
    client: ClientRow;
    id: string;
    actor: RecipientActor;
    answerOf: (recipient: RecipientRow) => T;
  },
): Promise<ConfirmOutcome<T>> {
  const { client, id } = input;
  const proposal = async (from: Queryable, lock = false) => {
    const row = await findClientRecipient(from, client.id, id, lock);
    if (!row) throw notFound('Recipient');
    const proposed = row.status === 'active' ? row.pending_details : row.details;
    if (!proposed) throw new AppError('nothing_to_confirm', 'This recipient has no change to confirm');
    return { row, proposed, binding: recipientBinding(row.id, proposed) };
  };
  return confirmByCode(db, input, {
    action: 'recipient-confirm',
    id,
    currentChallenge: async () => (await findClientRecipient(db, client.id, id))?.challenge_id,
    expect: async () => {
      const { row, binding } = await proposal(db);
      return { challengeId: row.challenge_id, subject: { kind: 'recipient', objectId: row.id, binding } };
    },
    lock: async (tx, binding) => {
      const locked = await proposal(tx, true);
      if (locked.binding !== binding) throw changedSinceCode('recipient');
      return locked;
    },
    act: async (tx, { row, proposed }) => {
      const updated = await activateRecipient(tx, row.id, proposed, input.now());
      if (!updated) throw notFound('Recipient');
      await writeAuditEntry(tx, {
        ...input.actor,
        action: 'recipient.confirmed',
        objectType: 'recipient',
        objectId: row.id,
        details: { change: row.status === 'active' },
      });
      return input.answerOf(updated);
    },
  });
}

export async function deleteRecipient(
  tx: Queryable,
  input: { client: ClientRow; id: string; actor: RecipientActor; now: Date },
): Promise<void> {
  const rows = await markRecipientDeleted(tx, { id: input.id, clientId: input.client.id, now: input.now });
  if (rows.length === 0) throw notFound('Recipient');
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'recipient.deleted',
    objectType: 'recipient',
    objectId: input.id,
  });
}

/**
 * Saves a payment's payee as an active recipient: the payment's code was bound to it. An account
 * saved already is not saved twice: the payment gets its recipient, and one still waiting for
 * its own code is trusted with the payee's details, which the payment's code confirmed.
 */
export async function saveConfirmedPayee(
  tx: Queryable,
  input: {
    clientId: string;
    type: RecipientRow['type'];
    payee: Record<string, string>;
    actor: RecipientActor;
    now: Date;
  },
): Promise<string> {
  await lockClientRecipients(tx, input.clientId);
  const same = await recipientOfAccount(tx, {
    clientId: input.clientId,
    type: input.type,
    details: input.payee,
  });
  if (same?.status === 'active') return same.id;
  const row = same
    ? await activateRecipient(tx, same.id, input.payee, input.now)
    : await insertActiveRecipient(tx, {
        clientId: input.clientId,
        type: input.type,
        payee: input.payee,
      });
  if (!row) throw new Error('recipient insert returned no row');
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'recipient.saved_from_payment',
    objectType: 'recipient',
    objectId: row.id,
  });
  return row.id;
}
