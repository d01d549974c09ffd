import { type Payment, payeeAccountKey, type Recipient } from '@bluepeak/core/payments';

/** The one line that tells a recipient apart: IBAN, sort code and account, or account number. */
export function recipientAccountLine(details: Record<string, string>): string {
  if (details.iban) return details.iban.replace(/(.{4})/g, '$1 ').trim();
  if (details.sort_code && details.account_number) {
    const sort = details.sort_code.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
    return `${sort} ${details.account_number}`;
  }
  return [details.account_number, details.swift].filter(Boolean).join(' · ');
}

/** A recipient can be paid once its addition is confirmed (a pending change keeps the old details). */
export const canPay = (recipient: Pick<Recipient, 'status'>) => recipient.status === 'active';

/** A recipient still waiting for its code: a new one, or a change to a trusted one. */
export const awaitingCode = (recipient: Pick<Recipient, 'status' | 'pending_details'>) =>
  recipient.status !== 'active' || recipient.pending_details !== null;

/**
 * Whether a payment's payee, typed by hand, may be saved as a recipient: not when the payment
 * was to a saved one, nor when a trusted recipient of the same account exists (the API keeps
 * one per account). One still waiting for its code does not stop it: saving takes it up again.
 */
export function canSaveAsRecipient(
  payment: Pick<Payment, 'type' | 'payee' | 'recipient_id'>,
  recipients: readonly Pick<Recipient, 'type' | 'status' | 'details' | 'pending_details'>[],
): boolean {
  if (payment.recipient_id) return false;
  const account = payeeAccountKey(payment.type, payment.payee);
  return !recipients.some(
    (recipient) =>
      recipient.type === payment.type &&
      recipient.status === 'active' &&
      [recipient.details, recipient.pending_details].some(
        (details) => details !== null && payeeAccountKey(recipient.type, details) === account,
      ),
  );
}
