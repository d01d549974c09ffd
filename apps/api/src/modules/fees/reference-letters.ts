import { createHmac } from 'node:crypto';
import { brand, countryRegion } from '@bluepeak/core';
import { formatIbanForPrint } from '@bluepeak/core/accounts';
import type { ReferenceLetter } from '@bluepeak/core/fees';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { renderBrandedLetterPdf } from '../../lib/branded-letter-pdf';
import { collectOwedFees, findAccountGroupOfClient, recordOwedFee } from '../accounts';
import { writeAuditEntry } from '../audit';
import {
  findClientReferenceLetter,
  insertReferenceLetter,
  type LetterRow,
  listClientReferenceLetters,
  setReferenceLetterFee,
} from './reference-letter-rows';

// Reference letters (docs/requirements/statements.md): the order records the tariff's fee for the
// client's region as owed (period = the letter's id, so it is charged once) and collects it at
// once if the balance covers it; the letter states the holder, the IBAN and the opening date and
// carries a verification code, an HMAC of what it states under the server's key, so the
// institution can prove a letter it is shown is one it issued.

function view(row: LetterRow): ReferenceLetter {
  const status = row.status === null ? 'free' : row.status === 'charged' ? 'charged' : 'owed';
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    fee: { amount: row.amount_minor ?? 0, currency: row.currency ?? brand.tariff.currency, status },
    letter_url: status === 'owed' ? null : `/api/client/reference_letters/${row.id}/letter.pdf`,
  };
}

export async function orderReferenceLetter(
  tx: Queryable,
  client: { id: string; country: string },
): Promise<ReferenceLetter> {
  const letter = await insertReferenceLetter(tx, client.id);
  if (!letter) throw new Error('reference letter insert returned no row');
  const region = countryRegion(client.country);
  const amountMinor = brand.tariff.reference_letter[region];
  if (amountMinor > 0) {
    const feeId = await recordOwedFee(tx, {
      clientId: client.id,
      kind: 'reference_letter',
      amountMinor,
      currency: brand.tariff.currency,
      region,
      period: letter.id,
    });
    await setReferenceLetterFee(tx, letter.id, feeId);
    await collectOwedFees(tx, client.id);
  }
  await writeAuditEntry(tx, {
    actorType: 'client',
    actorId: client.id,
    action: 'reference_letter.ordered',
    objectType: 'reference_letter',
    objectId: letter.id,
    details: { region, fee_minor: amountMinor, currency: brand.tariff.currency },
  });
  const row = await findClientReferenceLetter(tx, client.id, letter.id);
  if (!row) throw new Error('reference letter vanished');
  return view(row);
}

export async function listReferenceLetters(db: Queryable, clientId: string): Promise<ReferenceLetter[]> {
  const rows = await listClientReferenceLetters(db, clientId);
  return rows.map(view);
}

const dayOf = (at: Date) =>
  `${at.toISOString().slice(8, 10)}-${at.toISOString().slice(5, 7)}-${at.toISOString().slice(0, 4)}`;

export async function referenceLetterPdf(
  db: Queryable,
  input: { clientId: string; letterId: string; holderName: string; key: Buffer },
): Promise<Buffer> {
  const row = await findClientReferenceLetter(db, input.clientId, input.letterId);
  if (!row) throw notFound('Reference letter');
  if (view(row).fee.status === 'owed') {
    throw new AppError('reference_letter_unpaid', 'The letter is ready once its fee is paid');
  }
  const group = await findAccountGroupOfClient(db, input.clientId);
  if (!group) throw notFound('Reference letter');
  const stated = [input.holderName, group.iban, dayOf(group.created_at), row.id].join('|');
  const code = createHmac('sha256', input.key).update(stated).digest('hex').slice(0, 20).toUpperCase();
  return renderBrandedLetterPdf({
    title: `${brand.trading_name} reference letter`,
    heading: 'Bank reference letter',
    issuedLine: `Issued ${dayOf(row.created_at)} (UTC) by ${brand.legal_name}`,
    issuedAt: row.created_at,
    rows: [
      ['Account holder', input.holderName],
      ['IBAN', formatIbanForPrint(group.iban)],
      ['BIC', group.bic],
      ['Account opened', dayOf(group.created_at)],
      [
        'Statement',
        `We confirm that the account holder above holds an account with ${brand.trading_name} in good standing.`,
      ],
      [
        'Signed',
        `Electronically signed by ${brand.legal_name}. Verification code ${code.match(/.{4}/g)?.join('-')}`,
      ],
    ],
  });
}
