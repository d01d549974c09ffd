import { normalizeIban } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { findAccountForIncomingCredit, type IncomingCreditTarget } from '../accounts';
import { getAccount } from '../ledger';
import type { StatementCredit } from './camt053';
import { findClientIbans, findIbanHolder } from './iban-rows';

// Which client account a bank credit is for. The credited IBAN decides (each client has one
// IBAN for all its currencies, so the currency picks the account); a credit paid to our own
// collection account instead names the client's IBAN in its remittance, and that is used only
// when exactly one client IBAN appears there. Anything else is for an operator to decide.
export type UnmatchedReason =
  | 'unknown_iban'
  | 'account_closed'
  | 'account_frozen'
  | 'currency_not_held'
  | 'ambiguous'
  | 'no_iban';

export type Match = { target: IncomingCreditTarget } | { reason: UnmatchedReason };

const IBAN_IN_TEXT = /\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){11,30}\b/g;

async function clientIbansIn(tx: Queryable, text: string): Promise<string[]> {
  const candidates = [
    ...new Set([...text.toUpperCase().matchAll(IBAN_IN_TEXT)].map((m) => normalizeIban(m[0]))),
  ];
  if (candidates.length === 0) return [];
  const rows = await findClientIbans(tx, candidates);
  return rows.map((row) => row.iban);
}

export async function matchCredit(tx: Queryable, credit: StatementCredit): Promise<Match> {
  // A credit to the statement's own account was paid to our collection account, not a client's.
  const direct =
    credit.creditorIban && credit.creditorIban !== credit.accountIban ? credit.creditorIban : null;
  let iban = direct ? normalizeIban(direct) : null;
  if (!iban) {
    const named = await clientIbansIn(tx, credit.remittance ?? '');
    if (named.length > 1) return { reason: 'ambiguous' };
    if (named.length === 0) return { reason: 'no_iban' };
    iban = named[0] as string;
  }
  const group = await findIbanHolder(tx, iban, credit.currency);
  if (!group) return { reason: 'unknown_iban' };
  if (group.status === 'DEACTIVATED') return { reason: 'account_closed' };
  if (!group.held) return { reason: 'currency_not_held' };
  const target = await findAccountForIncomingCredit(tx, { iban, currency: credit.currency });
  if (!target) return { reason: 'account_closed' };
  if ((await getAccount(tx, target.ledgerAccountId))?.frozen) return { reason: 'account_frozen' };
  return { target };
}
