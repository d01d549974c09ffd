import { createHash } from 'node:crypto';
import { countryByCode } from '@bluepeak/core';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { operatorActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { IncomingCreditTarget } from '../accounts';
import { bookIncomingPayment, type OperatorActor } from '../adjustments';
import { writeAuditEntry } from '../audit';
import { railsForCurrency } from '../ledger';
import {
  creditsOfImport,
  insertBankCredit,
  listStatementImports,
  setCreditBooked,
  setCreditUnmatchedReason,
} from './bank-credit-rows';
import { parseCamt053, type StatementCredit, StatementError } from './camt053';
import { matchCredit } from './match-credit';
import { addImportCounts, insertStatementBalance, insertStatementImport } from './statement-import-rows';
import { validateCamt053 } from './validate-statement';

// Importing the safeguarding bank's camt.053 statement (docs/incoming-money.md): the file is
// validated against the schema before anything is read, kept as evidence with its closing
// balances, and every booked credit is recorded once by the bank's reference. A credit that
// matches an open client account is booked at once through the incoming-credit service; the
// rest wait in the unmatched queue.

/** Schema validation runs outside the transaction (it takes a while on a large file). */
export async function checkStatementFile(xml: string): Promise<void> {
  // No camt.054 schema is kept yet (schemas/README.md): say so rather than list schema errors.
  if (/urn:iso:std:iso:20022:tech:xsd:camt\.054\./.test(xml))
    throw new AppError('statement_unsupported', 'camt.054 notifications are not imported yet', {
      detail: 'Import the end-of-day camt.053 statement, which carries the same credits.',
    });
  const check = await validateCamt053(xml);
  if (check.valid) return;
  throw new AppError('statement_invalid', 'The file is not a valid camt.053.001.08 statement', {
    detail: check.errors.join('\n'),
    errors: check.errors.map((message) => ({ field: 'data', code: 'schema', message })),
  });
}

/** The rail a bank credit arrived on, as far as the ledger's settlement accounts go. */
const railOf = (currency: string) => railsForCurrency(currency)[0] ?? 'swift';

/** The payer's country for the incoming fee: the payer's IBAN, else the credited one. */
function payerCountry(credit: StatementCredit): string {
  for (const iban of [credit.debtorIban, credit.creditorIban, credit.accountIban]) {
    const code = iban?.slice(0, 2).toUpperCase();
    if (code && countryByCode(code)) return code;
  }
  return 'GB';
}

export async function bookBankCredit(
  tx: Queryable,
  credit: {
    id: string;
    amountMinor: number;
    currency: string;
    debtorName: string | null;
    remittance?: string | null;
  },
  target: IncomingCreditTarget,
  country: string,
): Promise<string> {
  const { credit: transfer } = await bookIncomingPayment(tx, {
    target,
    amount: credit.amountMinor,
    currency: credit.currency,
    payer_country: country,
    rail: railOf(credit.currency),
    reference: `bank-${credit.id}`,
    payerName: credit.debtorName ?? undefined,
    remittance: credit.remittance,
  });
  return transfer.id;
}

/** Credits booked per transaction: short transactions, so a large file never holds the database. */
export const CREDITS_PER_TRANSACTION = 100;

type Counts = { booked: number; unmatched: number; duplicate: number; duplicates: string[] };

/** Records, matches and books one chunk of credits, and adds its counts to the import. */
async function importCredits(tx: Queryable, importId: string, credits: StatementCredit[]): Promise<Counts> {
  const counts: Counts = { booked: 0, unmatched: 0, duplicate: 0, duplicates: [] };
  for (const credit of credits) {
    const row = await insertBankCredit(tx, importId, credit);
    if (!row) {
      counts.duplicate += 1;
      counts.duplicates.push(credit.bankReference);
      continue;
    }
    const match = await matchCredit(tx, credit);
    if ('reason' in match) {
      counts.unmatched += 1;
      await setCreditUnmatchedReason(tx, row.id, match.reason);
      continue;
    }
    const transferId = await bookBankCredit(
      tx,
      { ...credit, id: row.id },
      match.target,
      payerCountry(credit),
    );
    counts.booked += 1;
    await setCreditBooked(tx, row.id, match.target.accountId, transferId);
  }
  await addImportCounts(tx, importId, counts);
  return counts;
}

/**
 * Imports a statement in short transactions: the import record, then the credits a chunk at a
 * time, then the closing balances and the audit entry. The closing balances come last, so the
 * reconciliation never compares the bank's figure with a half-booked file. If the import stops
 * half-way, uploading the file again books the rest: what was booked is a duplicate by then.
 */
export async function importStatement(
  db: Database,
  input: { fileName: string; xml: string; actor: OperatorActor; thresholdMinor: number },
) {
  let parsed: ReturnType<typeof parseCamt053>;
  try {
    parsed = parseCamt053(input.xml);
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    throw new AppError('statement_unreadable', 'The statement cannot be read', {
      detail: error.message,
    });
  }
  const importId = await withTransaction(db, (tx) =>
    insertStatementImport(tx, {
      messageId: parsed.messageId,
      fileName: input.fileName,
      sha256: createHash('sha256').update(input.xml).digest('hex'),
      xml: input.xml,
      skipped: parsed.skipped,
      operatorId: input.actor.operatorId,
    }),
  );
  const counts: Counts = { booked: 0, unmatched: 0, duplicate: 0, duplicates: [] };
  for (let start = 0; start < parsed.credits.length; start += CREDITS_PER_TRANSACTION) {
    const chunk = parsed.credits.slice(start, start + CREDITS_PER_TRANSACTION);
    const done = await withTransaction(db, (tx) => importCredits(tx, importId, chunk));
    counts.booked += done.booked;
    counts.unmatched += done.unmatched;
    counts.duplicate += done.duplicate;
    counts.duplicates.push(...done.duplicates);
  }
  // Several statements (accounts) in one currency add up to the bank's figure for that day.
  const totals = new Map<string, number>();
  for (const balance of parsed.statements.flatMap((statement) => statement.closing)) {
    const key = `${balance.date}|${balance.currency}`;
    totals.set(key, (totals.get(key) ?? 0) + balance.amountMinor);
  }
  return withTransaction(db, async (tx) => {
    for (const [key, amount] of totals) {
      const [date, currency] = key.split('|');
      await insertStatementBalance(tx, importId, { date, currency, amount });
    }
    const { duplicates, ...numbers } = counts;
    await writeAuditEntry(tx, {
      ...operatorActor(input.actor),
      action: 'operator.bank_statement_imported',
      objectType: 'bank_statement_import',
      objectId: importId,
      details: {
        message_id: parsed.messageId,
        file_name: input.fileName,
        ...numbers,
        skipped: parsed.skipped,
        duplicates,
        balances: Object.fromEntries(totals),
      },
    });
    const [summary] = await listStatementImports(tx, 1, importId);
    if (!summary) throw new Error('statement import vanished');
    return { ...summary, credits: await creditsOfImport(tx, importId, input.thresholdMinor), duplicates };
  });
}
