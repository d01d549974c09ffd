import { DEACTIVATION_REVIEW_HOURS } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { decisionMessage } from '../auth';
import { notifyClient } from '../notifications';
import { enqueueMessage } from '../outbox';

// What the client is told at each step of a deactivation, by notification and e-mail, inside
// the transaction that makes the step (so only steps that committed are announced).
type Step = 'requested' | 'withdrawn' | 'rejected' | 'paying_out' | 'payout_returned' | 'approved';

const texts: Record<Step, { title: string; subject: string; body: (reason?: string) => string }> = {
  requested: {
    title: 'Account closure requested',
    subject: 'we received your request to close your account',
    body: () =>
      `We received your request to close your account. Our team reviews it within ${DEACTIVATION_REVIEW_HOURS} hours and writes to you with the outcome. Until then you can withdraw the request in Settings.`,
  },
  withdrawn: {
    title: 'Account closure request withdrawn',
    subject: 'your request to close your account was withdrawn',
    body: () => 'You withdrew your request to close your account. Your account stays open as before.',
  },
  rejected: {
    title: 'Account closure request declined',
    subject: 'we could not close your account yet',
    body: (reason) =>
      `We could not close your account yet. Reason: ${reason ?? ''}\n\nYour account stays open. Please contact us if you have questions.`,
  },
  paying_out: {
    title: 'Your balance is being paid out',
    subject: 'your balance is being paid out',
    body: () =>
      'We approved your request to close your account. Your remaining balance is being paid out to the recipient you chose; your accounts close when the money arrives, and we will write to you then.',
  },
  payout_returned: {
    title: 'Your balance could not be paid out',
    subject: 'your balance could not be paid out',
    body: (reason) =>
      `The payment of your remaining balance did not arrive and the money is back in your account. Reason: ${reason ?? ''}\n\nOur team reviews your request again and contacts you.`,
  },
  approved: {
    title: 'Account closed',
    subject: 'your account is closed',
    body: () =>
      'Your account is closed as you asked. You can no longer log in. Thank you for banking with us; please keep this e-mail for your records.',
  },
};

export async function tellClient(
  tx: Queryable,
  client: { id: string; email: string },
  step: Step,
  reason?: string,
): Promise<void> {
  const text = texts[step];
  const body = text.body(reason);
  await notifyClient(tx, {
    clientId: client.id,
    kind: `deactivation_${step}`,
    title: text.title,
    body,
    params: reason ? { reason } : {},
  });
  await enqueueMessage(tx, decisionMessage(client.email, text.subject, body));
}
