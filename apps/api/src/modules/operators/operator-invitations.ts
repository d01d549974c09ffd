import { brand } from '@bluepeak/core';
import type { AcceptInvitationInput, CreateOperatorInput, OperatorSummary } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { writeAuditEntry } from '../audit';
import { hashPassword, newSecretToken, sha256, totpEnrolment, verifyTotp } from '../auth';
import { enqueueMessage } from '../outbox';
import { type AuditActor, createOperator } from './create-operator';
import { findOperatorSummary } from './manage-operators';
import {
  findOpenInvitation,
  insertOperatorInvitation,
  setInvitationUsedAt,
} from './operator-invitation-rows';
import { activateOperator, operatorEmailTaken } from './operator-rows';

// Inviting an operator (docs/requirements/back-office.md, four eyes that hold). The administrator
// names the person and the roles; the person receives a single-use link, sees the authenticator
// enrolment there (and nowhere else), chooses a password and proves the app works with its first
// code. Until then the operator cannot log in. Only the link secret's SHA-256 is stored.
export const INVITATION_HOURS = 72;

const gone = () =>
  new AppError('invitation_not_found', 'This invitation is not valid any more; ask for a new one');

export async function inviteOperator(
  tx: Queryable,
  input: CreateOperatorInput,
  deps: { totpBox: SecretBox; publicUrl: string; now: Date },
  actor: AuditActor,
): Promise<{ operator: OperatorSummary; invitation: { expires_at: string } }> {
  if (await operatorEmailTaken(tx, input.email))
    throw new AppError('operator_exists', 'An operator with this e-mail already exists');
  // A password nobody knows; the invitee replaces it.
  const created = await createOperator(
    tx,
    { ...input, password: newSecretToken(), invited: true },
    deps.totpBox,
    actor,
  );
  const token = newSecretToken();
  const expiresAt = new Date(deps.now.getTime() + INVITATION_HOURS * 3_600_000);
  await insertOperatorInvitation(tx, created.id, sha256(token), expiresAt);
  const link = `${deps.publicUrl}/backoffice.html#/invitation/${token}`;
  await enqueueMessage(tx, {
    channel: 'email',
    to: input.email,
    subject: `${brand.trading_name}: your back-office access`,
    text: `Hello ${input.name},\n\nYou have been given access to the ${brand.trading_name} back office. Choose your password and set up your authenticator app here:\n\n${link}\n\nThe link works once, for ${INVITATION_HOURS} hours. If you did not expect this, tell your administrator.`,
  });
  const operator = await findOperatorSummary(tx, created.id);
  if (!operator) throw new Error('invited operator not found');
  return { operator, invitation: { expires_at: expiresAt.toISOString() } };
}

async function openInvitation(tx: Queryable, token: string, now: Date, lock = false) {
  const row = await findOpenInvitation(tx, sha256(token), now, lock);
  if (!row) throw gone();
  return row;
}

/** What the invitation page shows: who is invited, and the authenticator enrolment. */
export async function readInvitation(db: Queryable, token: string, totpBox: SecretBox, now: Date) {
  const row = await openInvitation(db, token, now);
  const secret = totpBox.open(row.totp_secret_encrypted);
  const { uri, qrDataUrl } = await totpEnrolment(secret, row.email);
  return {
    email: row.email,
    name: row.name,
    expires_at: row.expires_at.toISOString(),
    enrolment: { secret, uri, qr_data_url: qrDataUrl },
  };
}

/** The invitee's password and first code: the operator is active from now on. */
export async function acceptInvitation(
  tx: Queryable,
  token: string,
  input: AcceptInvitationInput,
  deps: { totpBox: SecretBox; now: Date; requestId: string; ip: string },
): Promise<{ email: string }> {
  const row = await openInvitation(tx, token, deps.now, true);
  const step = verifyTotp(deps.totpBox.open(row.totp_secret_encrypted), input.code, deps.now, null);
  if (step === null) {
    throw new AppError('code_invalid', 'This code is not right; check the time on your device', {
      detail: 'This code is not right; check the time on your device',
    });
  }
  await activateOperator(tx, row.operator_id, await hashPassword(input.password), step, deps.now);
  await setInvitationUsedAt(tx, row.invitation_id, deps.now);
  await writeAuditEntry(tx, {
    actorType: 'operator',
    actorId: row.operator_id,
    action: 'operator.activated',
    objectType: 'operator',
    objectId: row.operator_id,
    requestId: deps.requestId,
    ip: deps.ip,
  });
  return { email: row.email };
}
