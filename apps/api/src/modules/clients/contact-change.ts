import { type ContactKind, maskEmail, maskPhone } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import {
  addressInUseMessage,
  claimChallenge,
  codeMatches,
  countFailedAttempt,
  createCodeChallenge,
  endOtherSessions,
  findClientChallenge,
  loginContactChangedMessage,
  MAX_FAILED_ATTEMPTS,
  oneTimeCodeMessage,
  useUpClientChallenges,
} from '../auth';
import { enqueueMessage } from '../outbox';
import { claimStepUp, type VerifiedStepUp } from '../sca';
import { addressTaken, setClientEmail, setClientPhone } from './client-credential-rows';
import type { ClientRow } from './client-rows';
import type { SettingChange } from './security-settings';

// Changing the log-in e-mail address or phone number (docs/security-settings.md, "The log-in
// e-mail and phone"). After step-up, a code goes to the NEW address or number; only that code
// makes the change, which is then told to the address on file, ends the other sessions and is
// audited with both values masked.

/** Out-of-band codes live at most 10 minutes (docs/reliability.md, T6), as the message says. */
export const CONTACT_CODE_SECONDS = 10 * 60;

const LABEL: Record<ContactKind, string> = {
  email: 'confirm your new log-in e-mail address',
  phone: 'confirm your new log-in phone number',
};
const mask = (kind: ContactKind, value: string) => (kind === 'email' ? maskEmail(value) : maskPhone(value));
const current = (client: ClientRow, kind: ContactKind) => (kind === 'email' ? client.email : client.phone);

type PendingChange = { kind: ContactKind; value: string };

/** Refusals that need no proof, answered before the step-up code is spent. */
export function assertChangeable(client: ClientRow, change: PendingChange): void {
  if (change.kind === 'phone' && !client.phone_verified_at)
    throw new AppError('phone_not_verified', 'Please verify your phone first');
  const same =
    change.kind === 'email'
      ? change.value.toLowerCase() === client.email.toLowerCase()
      : change.value === client.phone;
  if (same) throw new AppError('contact_unchanged', `This is already your log-in ${noun(change.kind)}`);
}

const noun = (kind: ContactKind) => (kind === 'email' ? 'e-mail address' : 'phone number');

/**
 * Uses the step-up code and sends a code to the new address or number. An address that already
 * logs in to another account gets a note instead (as at sign-up): the answer is the same, so the
 * form tells nobody who is a client, and no code ever reaches the caller.
 */
export async function startContactChange(
  change: SettingChange,
  stepUp: VerifiedStepUp,
  pending: PendingChange,
) {
  const { client, now } = change;
  return withTransaction(change.db, async (tx) => {
    await claimStepUp(tx, stepUp, now);
    // Only the newest code of each kind works: an older one in a mailbox cannot be replayed.
    await useUpClientChallenges(tx, client.id, 'contact_change', now, { key: 'kind', value: pending.kind });
    const inUse = pending.kind === 'email' && (await addressTaken(tx, client.id, pending.value));
    const channel = pending.kind === 'email' ? 'email' : 'sms';
    const challenge = await createCodeChallenge(
      tx,
      {
        purpose: 'contact_change',
        principal: { type: 'client', id: client.id },
        factor: channel,
        lifetimeSeconds: CONTACT_CODE_SECONDS,
        now,
        context: { kind: pending.kind, value: pending.value },
      },
      inUse ? undefined : (code) => oneTimeCodeMessage(channel, pending.value, code, LABEL[pending.kind]),
    );
    if (inUse) await enqueueMessage(tx, addressInUseMessage(pending.value));
    await writeAuditEntry(tx, {
      ...actorOf(change),
      action: `client.${pending.kind}_change_requested`,
      objectType: 'client',
      objectId: client.id,
      details: {
        from: mask(pending.kind, current(client, pending.kind)),
        to: mask(pending.kind, pending.value),
        ...(inUse ? { address_in_use: true } : {}),
      },
    });
    const expiresAt = new Date(now.getTime() + CONTACT_CODE_SECONDS * 1000);
    return { challenge_id: challenge.id, expires_at: expiresAt.toISOString() };
  });
}

const codeRefused = () =>
  new AppError('sca_code_invalid', 'The code is not correct or has expired', {
    detail: 'The code is not correct or has expired. Check it, or start the change again for a new one.',
  });
const codeBlocked = () =>
  new AppError('sca_code_blocked', 'Too many wrong codes. Ask for a new code.', {
    detail: 'Too many wrong codes. Start the change again for a new code.',
  });

/**
 * Checks the code sent to the new value; only the caller's own pending change of this kind
 * qualifies, so another client's challenge is as unknown as a made-up one. Five wrong codes
 * kill it. A right code makes the change in one transaction with its notice and audit entry.
 */
export async function confirmContactChange(
  change: SettingChange,
  kind: ContactKind,
  proof: { challenge_id: string; code: string },
  onChanged: (tx: Queryable, challengeId: string, value: string) => Promise<void>,
) {
  const { client, now } = change;
  const row = await findClientChallenge(change.db, client.id, proof.challenge_id, 'contact_change');
  const context = row?.context as Partial<PendingChange> | undefined;
  if (!row || row.used_at || row.expires_at <= now || context?.kind !== kind || !context.value)
    throw codeRefused();
  if (row.attempts >= MAX_FAILED_ATTEMPTS) throw codeBlocked();
  if (!codeMatches(row, proof.code)) {
    await countFailedAttempt(change.db, row.id);
    throw row.attempts + 1 >= MAX_FAILED_ATTEMPTS ? codeBlocked() : codeRefused();
  }
  const value = context.value;
  await withTransaction(change.db, async (tx) => {
    if (!(await claimChallenge(tx, row.id, now))) throw codeRefused();
    if (kind === 'email') await moveEmail(tx, client, value, now);
    else await setClientPhone(tx, client.id, value, now);
    await endOtherSessions(tx, { type: 'client', id: client.id }, change.sessionId, 'contact_changed', now);
    // The notice goes to the address on file before the change: the owner hears of a hijack.
    await enqueueMessage(tx, loginContactChangedMessage(client.email, kind, mask(kind, value)));
    await writeAuditEntry(tx, {
      ...actorOf(change),
      action: `client.${kind}_changed`,
      objectType: 'client',
      objectId: client.id,
      details: { from: mask(kind, current(client, kind)), to: mask(kind, value) },
    });
    await onChanged(tx, row.id, value);
  });
}

async function moveEmail(tx: Queryable, client: ClientRow, email: string, now: Date) {
  // The caller holds the code sent to this address, so saying it is taken tells them nothing new.
  const unavailable = () =>
    new AppError('email_unavailable', 'This e-mail address cannot be used for your log-in');
  if (await addressTaken(tx, client.id, email)) throw unavailable();
  try {
    await setClientEmail(tx, client.id, email, now);
  } catch (error) {
    // A sign-up with the address between the check and the update: the unique index decides.
    if (isEmailTaken(error)) throw unavailable();
    throw error;
  }
}

function isEmailTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  return (
    code === '23505' &&
    `${String(constraint ?? '')} ${String(message ?? '')}`.includes('clients_email_unique')
  );
}

const actorOf = (change: SettingChange) => ({
  actorType: 'client' as const,
  actorId: change.client.id,
  requestId: change.requestId,
  ip: change.ip,
});
