import type { Recipient } from '@bluepeak/core/payments';

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
