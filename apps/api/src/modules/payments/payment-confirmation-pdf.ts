import { brand, formatMoney } from '@bluepeak/core';
import { type LetterRow, renderBrandedLetterPdf } from '../../lib/branded-letter-pdf';
import type { PaymentEventRow, PaymentRow } from './payment-rows';

// The payment confirmation a client downloads from the payment's page
// (docs/requirements/payments.md): who paid whom, how much, the fee, the rate, the
// end-to-end id and the status history.
const TYPE_NAMES = {
  sepa: 'SEPA',
  faster_pay: 'Faster Payments',
  internal: 'Internal',
  international: 'SWIFT',
} as const;

function dateTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

function payeeLines(payment: PaymentRow): LetterRow[] {
  const { payee } = payment;
  const rows: LetterRow[] = [['Payee', payee.name ?? '']];
  if (payee.iban) rows.push(['IBAN', payee.iban]);
  if (payee.sort_code) rows.push(['Sort code', payee.sort_code]);
  if (payee.account_number) rows.push(['Account number', payee.account_number]);
  if (payee.bic ?? payee.swift) rows.push(['BIC / SWIFT', payee.bic ?? payee.swift ?? '']);
  if (payee.bank_name) rows.push(['Bank', payee.bank_name]);
  return rows;
}

export function renderPaymentConfirmationPdf(
  payment: PaymentRow,
  history: PaymentEventRow[],
  issuedAt: Date,
): Promise<Buffer> {
  const rows: LetterRow[] = [
    ['Status', payment.status.replace(/_/g, ' ')],
    ['Type', TYPE_NAMES[payment.type]],
    ['Amount', formatMoney(payment.amount_minor, payment.currency)],
    ['Fee', formatMoney(payment.fee_minor, payment.debit_currency)],
    ['Total debited', formatMoney(payment.debit_amount_minor + payment.fee_minor, payment.debit_currency)],
    ...(payment.rate
      ? [['Rate', `1 ${payment.debit_currency} = ${payment.rate} ${payment.currency}`] satisfies LetterRow]
      : []),
    ...payeeLines(payment),
    ['Description', payment.description || '-'],
    ['End-to-end id', payment.end_to_end_id],
    ['Created', `${dateTime(payment.created_at)} UTC`],
  ];
  for (const event of history)
    rows.push([`  ${event.status.replace(/_/g, ' ')}`, `${dateTime(event.created_at)} UTC`]);
  return renderBrandedLetterPdf({
    title: `${brand.trading_name} payment confirmation`,
    heading: 'Payment confirmation',
    issuedLine: `Issued ${dateTime(issuedAt)} UTC`,
    issuedAt,
    rows,
    rowGap: 0.5,
  });
}
