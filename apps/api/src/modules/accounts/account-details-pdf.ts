import { brand } from '@bluepeak/core';
import { formatIbanForPrint, formatSortCode } from '@bluepeak/core/accounts';
import { type LetterRow, renderBrandedLetterPdf } from '../../lib/branded-letter-pdf';

// The shareable account-details letter: what a client sends to someone who will pay them.
// Bank details only: no balance and no transactions, so it is safe to pass on.

export type AccountDetailsLetter = {
  holderName: string;
  accountName: string;
  currency: string;
  iban: string;
  bic: string;
  sortCode: string | null;
  accountNumber: string | null;
  issuedAt: Date;
};

function dateOf(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

export function renderAccountDetailsPdf(letter: AccountDetailsLetter): Promise<Buffer> {
  const rows: LetterRow[] = [
    ['Account holder', letter.holderName],
    ['Account', `${letter.accountName} (${letter.currency})`],
    ['IBAN', formatIbanForPrint(letter.iban)],
    ['BIC / SWIFT', letter.bic],
  ];
  if (letter.sortCode && letter.accountNumber) {
    rows.push(['Sort code', formatSortCode(letter.sortCode)], ['Account number', letter.accountNumber]);
  }
  rows.push([
    'Bank',
    [brand.legal_name, ...brand.registered_address.lines, brand.registered_address.postcode].join(', '),
  ]);
  return renderBrandedLetterPdf({
    title: `${brand.trading_name} account details`,
    heading: 'Account details',
    issuedLine: `Issued ${dateOf(letter.issuedAt)}`,
    issuedAt: letter.issuedAt,
    rows,
  });
}
