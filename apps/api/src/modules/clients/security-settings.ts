import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { writeAuditEntry } from '../audit';
import {
  authenticatorChangedMessage,
  codeChannelChangedMessage,
  deleteRecoveryCodes,
  endOtherSessions,
  issueRecoveryCodes,
  newTotpSecret,
  recoveryCodesRenewedMessage,
  totpEnrolment,
  verifyTotp,
} from '../auth';
import { enqueueMessage } from '../outbox';
import { claimStepUp, type VerifiedStepUp } from '../sca';
import { promotePendingTotp, setCodeChannel, setPendingTotp } from './client-credential-rows';
import type { ClientRow } from './client-rows';
import { CODE_INVALID_MESSAGE } from './verify-phone';

// Changes of a client's second factor, each after step-up (sca/step-up.ts). Every change is
// told to the e-mail address on file, ends the client's other sessions (a thief's included)
// and goes to the audit log.
export type SettingChange = {
  db: Database;
  client: ClientRow;
  sessionId: string;
  now: Date;
  requestId: string;
  ip: string;
};

/** How long a started authenticator set-up waits for its first code. */
export const TOTP_PENDING_SECONDS = 10 * 60;

const principalOf = (change: SettingChange) => ({ type: 'client' as const, id: change.client.id });

const actorOf = (change: SettingChange) => ({
  actorType: 'client' as const,
  actorId: change.client.id,
  requestId: change.requestId,
  ip: change.ip,
});

/**
 * Keeps a new secret aside: the working authenticator (if any) stays in force until the new
 * one's first code proves it (`finishAuthenticator`).
 */
export async function startAuthenticator(change: SettingChange, stepUp: VerifiedStepUp, totpBox: SecretBox) {
  const secret = newTotpSecret();
  await withTransaction(change.db, async (tx) => {
    await claimStepUp(tx, stepUp, change.now);
    await setPendingTotp(
      tx,
      change.client.id,
      totpBox.seal(secret),
      addSeconds(change.now, TOTP_PENDING_SECONDS),
      change.now,
    );
    await writeAuditEntry(tx, {
      ...actorOf(change),
      action: 'client.totp_setup_started',
      objectType: 'client',
      objectId: change.client.id,
    });
  });
  const enrolment = await totpEnrolment(secret, change.client.email);
  return { otpauth_uri: enrolment.uri, qr_code: enrolment.qrDataUrl, secret };
}

/**
 * The new app proves itself with its first code and becomes the second factor; it brings a new set
 * of recovery codes (any earlier set stops working), answered here and never again.
 */
export async function finishAuthenticator(
  change: SettingChange,
  code: string,
  totpBox: SecretBox,
  onConfirmed?: (tx: Queryable) => Promise<void>,
): Promise<string[]> {
  const { client, now } = change;
  const pending =
    client.totp_pending_secret_encrypted && client.totp_pending_until && client.totp_pending_until > now
      ? client.totp_pending_secret_encrypted
      : null;
  if (!pending) throw new AppError('totp_not_started', 'Start the set-up first');
  const step = verifyTotp(totpBox.open(pending), code, now, null);
  if (step === null)
    throw new AppError('code_invalid', CODE_INVALID_MESSAGE, { detail: CODE_INVALID_MESSAGE });
  return withTransaction(change.db, async (tx) => {
    const moved = await promotePendingTotp(tx, client.id, now, step, pending);
    if (!moved) throw new AppError('totp_not_started', 'Start the set-up first');
    const recoveryCodes = await issueRecoveryCodes(tx, principalOf(change), now);
    await settingChanged(tx, change);
    await enqueueMessage(tx, authenticatorChangedMessage(client.email));
    await writeAuditEntry(tx, {
      ...actorOf(change),
      action: 'client.totp_set_up',
      objectType: 'client',
      objectId: client.id,
      details: { replaced: client.totp_confirmed_at !== null },
    });
    await onConfirmed?.(tx);
    return recoveryCodes;
  });
}

/** A new set of recovery codes in place of the old (after step-up), answered once. */
export async function renewRecoveryCodes(change: SettingChange, stepUp: VerifiedStepUp): Promise<string[]> {
  const { client, now } = change;
  return withTransaction(change.db, async (tx) => {
    await claimStepUp(tx, stepUp, now);
    const recoveryCodes = await issueRecoveryCodes(tx, principalOf(change), now);
    // Old codes may be why: whoever logged in with one is logged out.
    await settingChanged(tx, change);
    await enqueueMessage(tx, recoveryCodesRenewedMessage(client.email));
    await writeAuditEntry(tx, {
      ...actorOf(change),
      action: 'client.recovery_codes_renewed',
      objectType: 'client',
      objectId: client.id,
    });
    return recoveryCodes;
  });
}

export async function changeCodeChannel(
  change: SettingChange,
  stepUp: VerifiedStepUp,
  factor: 'email' | 'sms',
) {
  const { client, now } = change;
  await withTransaction(change.db, async (tx) => {
    await claimStepUp(tx, stepUp, now);
    if (client.second_factor === factor) return;
    // Leaving the authenticator app removes it and its recovery codes: a later app is set up afresh.
    await setCodeChannel(tx, client.id, factor, now);
    await deleteRecoveryCodes(tx, principalOf(change));
    await settingChanged(tx, change);
    await enqueueMessage(tx, codeChannelChangedMessage(client.email, factor));
    await writeAuditEntry(tx, {
      ...actorOf(change),
      action: 'client.second_factor_changed',
      objectType: 'client',
      objectId: client.id,
      details: { from: client.second_factor, to: factor },
    });
  });
}

async function settingChanged(tx: Queryable, change: SettingChange) {
  await endOtherSessions(
    tx,
    { type: 'client', id: change.client.id },
    change.sessionId,
    'factor_changed',
    change.now,
  );
}
