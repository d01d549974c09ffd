import { currencyByCode, parseMoneyInput } from '@bluepeak/core';
import { child, childrenNamed, readXmlTree, textAt, type XmlElement } from './xml-tree';

// Reads a camt.053.001.08 statement that has passed schema validation: per statement, the
// account, its closing booked balance (CLBD) per currency and the booked credit entries. Every
// amount becomes exact integer minor units with the currency's exponent (core's money parser,
// never a float); an amount finer than the currency allows is refused, not rounded.

export class StatementError extends Error {}

export type StatementCredit = {
  /** The bank's reference for the entry (or the transaction inside a batch entry): the idempotency key. */
  bankReference: string;
  amountMinor: number;
  currency: string;
  bookingDate: string;
  /** The credited account as the transaction names it (CdtrAcct), when it does. */
  creditorIban: string | null;
  /** The statement's own account: ours at the bank, when the transaction names no other. */
  accountIban: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  remittance: string | null;
};

export type StatementBalance = { currency: string; date: string; amountMinor: number };

export type ParsedStatement = {
  messageId: string;
  statements: { id: string; accountIban: string | null; closing: StatementBalance[] }[];
  credits: StatementCredit[];
  /** Entries that are not booked credits (debits, pending, reversals): counted, not booked. */
  skipped: number;
};

/** "1234.50" with Ccy="EUR" -> 123450; trailing zeros past the exponent are exact and accepted. */
export function amountToMinor(element: XmlElement | undefined): { amountMinor: number; currency: string } {
  const currency = element?.attributes.Ccy ?? '';
  const exponent = currencyByCode(currency)?.exponent;
  if (exponent === undefined) throw new StatementError(`Unknown currency ${currency || '(none)'}`);
  const text = element?.text.trim() ?? '';
  // An XML decimal only: no grouping, whatever a person may type into a form.
  if (!/^\+?\d+(\.\d+)?$/.test(text))
    throw new StatementError(`The amount ${text} ${currency} cannot be read exactly (invalid_format)`);
  const [whole = '', fraction = ''] = text.replace(/^\+/, '').split('.');
  const parsed = parseMoneyInput(
    fraction.replace(/0+$/, '') ? `${whole}.${fraction.replace(/0+$/, '')}` : whole,
    exponent,
  );
  if (!parsed.ok)
    throw new StatementError(`The amount ${text} ${currency} cannot be read exactly (${parsed.code})`);
  return { amountMinor: parsed.amount, currency };
}

const dateOf = (choice: XmlElement | undefined) =>
  textAt(choice, 'Dt') ?? textAt(choice, 'DtTm')?.slice(0, 10) ?? null;

function remittanceOf(transaction: XmlElement | undefined): string | null {
  const info = child(transaction, 'RmtInf');
  const parts = [
    ...childrenNamed(info, 'Ustrd').map((item) => item.text.trim()),
    ...childrenNamed(info, 'Strd').map((item) => textAt(item, 'CdtrRefInf', 'Ref') ?? ''),
  ].filter(Boolean);
  return parts.length ? parts.join(' ').slice(0, 140) : null;
}

function creditsOfEntry(entry: XmlElement, accountIban: string | null): StatementCredit[] {
  const entryReference = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef');
  if (!entryReference) throw new StatementError('A booked credit has neither AcctSvcrRef nor NtryRef');
  const bookingDate = dateOf(child(entry, 'BookgDt')) ?? dateOf(child(entry, 'ValDt'));
  if (!bookingDate) throw new StatementError(`Entry ${entryReference} has no booking date`);
  const transactions = childrenNamed(entry, 'NtryDtls').flatMap((details) =>
    childrenNamed(details, 'TxDtls'),
  );
  const batch = transactions.length > 1;
  // One transaction (or none): the entry is the credit. A batch: each transaction is one.
  return (batch ? transactions : [transactions[0]]).map((transaction, index) => {
    const money = amountToMinor(batch ? child(transaction, 'Amt') : child(entry, 'Amt'));
    const parties = child(transaction, 'RltdPties');
    const own = textAt(transaction, 'Refs', 'AcctSvcrRef');
    return {
      bankReference: batch ? `${entryReference}/${own ?? index + 1}`.slice(0, 71) : entryReference,
      ...money,
      bookingDate,
      creditorIban: textAt(parties, 'CdtrAcct', 'Id', 'IBAN') ?? null,
      accountIban,
      debtorName:
        textAt(parties, 'Dbtr', 'Pty', 'Nm') ?? textAt(parties, 'Dbtr', 'Agt', 'FinInstnId', 'Nm') ?? null,
      debtorIban: textAt(parties, 'DbtrAcct', 'Id', 'IBAN') ?? null,
      remittance: remittanceOf(transaction),
    };
  });
}

function balancesOf(statement: XmlElement, code: 'OPBD' | 'CLBD'): StatementBalance[] {
  return childrenNamed(statement, 'Bal')
    .filter((balance) => textAt(balance, 'Tp', 'CdOrPrtry', 'Cd') === code)
    .map((balance) => {
      const { amountMinor, currency } = amountToMinor(child(balance, 'Amt'));
      const date = dateOf(child(balance, 'Dt'));
      if (!date) throw new StatementError(`A ${code} balance has no date`);
      const sign = textAt(balance, 'CdtDbtInd') === 'DBIT' ? -1 : 1;
      return { currency, date, amountMinor: sign * amountMinor };
    });
}

/** A statement must add up: opening booked + booked entries = closing booked, per currency. */
function checkBalances(
  id: string,
  opening: StatementBalance[],
  movements: ReadonlyMap<string, number>,
  closing: StatementBalance[],
) {
  for (const end of closing) {
    const start = opening.find((balance) => balance.currency === end.currency);
    if (!start) continue;
    const expected = start.amountMinor + (movements.get(end.currency) ?? 0);
    if (!Number.isSafeInteger(expected)) throw new StatementError(`Statement ${id} is out of range`);
    if (expected !== end.amountMinor)
      throw new StatementError(
        `Statement ${id} does not add up in ${end.currency}: opening ${start.amountMinor} + booked entries ${movements.get(end.currency) ?? 0} is not the closing ${end.amountMinor} (minor units)`,
      );
  }
}

export function parseCamt053(xml: string): ParsedStatement {
  const document = readXmlTree(xml);
  const message = child(document, 'BkToCstmrStmt');
  const messageId = textAt(message, 'GrpHdr', 'MsgId');
  if (!message || !messageId) throw new StatementError('Not a camt.053 statement');
  const result: ParsedStatement = { messageId, statements: [], credits: [], skipped: 0 };
  for (const statement of childrenNamed(message, 'Stmt')) {
    const id = textAt(statement, 'Id') ?? '';
    const accountIban = textAt(statement, 'Acct', 'Id', 'IBAN') ?? null;
    const closing = balancesOf(statement, 'CLBD');
    result.statements.push({ id, accountIban, closing });
    const movements = new Map<string, number>();
    for (const entry of childrenNamed(statement, 'Ntry')) {
      const booked = textAt(entry, 'Sts', 'Cd') === 'BOOK';
      const credit = textAt(entry, 'CdtDbtInd') === 'CRDT';
      const reversal = textAt(entry, 'RvslInd') === 'true';
      if (booked) {
        const { amountMinor, currency } = amountToMinor(child(entry, 'Amt'));
        movements.set(currency, (movements.get(currency) ?? 0) + (credit ? amountMinor : -amountMinor));
      }
      if (booked && credit && !reversal) result.credits.push(...creditsOfEntry(entry, accountIban));
      else result.skipped += 1;
    }
    checkBalances(id, balancesOf(statement, 'OPBD'), movements, closing);
  }
  return result;
}
