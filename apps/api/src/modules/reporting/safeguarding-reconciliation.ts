import type { RecordReconciliationInput } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { writeAuditEntry } from '../audit';
import { bankFiguresFor } from '../bank-statements';
import { balancesByKindAt } from '../ledger';
import { insertOperatorReconciliation, type ReconciliationBreak } from './reconciliation-rows';

// The daily safeguarding reconciliation (FCA CASS 15, docs/reliability.md, T11). Per currency, at
// the end of a day (UTC):
//   requirement = the sum of every client's e-money balance (what we owe clients);
//   resource    = what the safeguarding account holds by the ledger (its balance is negative,
//                 an asset, so the resource is its negation);
//   difference  = resource - requirement.
// The ledger balances to zero per currency, so the difference is exactly what the other
// system accounts hold: money in flight on a rail, fees and FX positions not yet swept out of
// the safeguarding account, unallocated (suspense) money and demo opening balances. Those are
// listed so an operator can see why; a shortfall, an excess, unallocated money and a bank
// statement that disagrees with the ledger are breaks.
export type CurrencyReconciliation = {
  currency: string;
  client_balances_minor: number;
  safeguarding_ledger_minor: number;
  difference_minor: number;
  explained_by: { kind: string; balance_minor: number }[];
  bank_balance_minor: number | null;
  breaks: ReconciliationBreak[];
};

export type Reconciliation = {
  date: string;
  as_of: string;
  currencies: CurrencyReconciliation[];
  ok: boolean;
};

const endOfDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export async function reconcileSafeguarding(
  db: Queryable,
  date: string,
  bankBalances: ReadonlyMap<string, number> = new Map(),
): Promise<Reconciliation> {
  const asOf = endOfDay(date);
  const rows = await balancesByKindAt(db, asOf);
  const currencies = [...new Set([...rows.map((row) => row.currency), ...bankBalances.keys()])].sort();
  const reconciliations = currencies.map((currency) => {
    const of = (kind: string) =>
      rows.find((row) => row.currency === currency && row.kind === kind)?.balanceMinor ?? 0;
    // Money held in escrow is still client money: it is safeguarded like e-money.
    const requirement = of('client_emoney') + of('escrow');
    const resource = -of('safeguarding');
    const difference = resource - requirement;
    const explained = rows
      .filter(
        (row) => row.currency === currency && !['client_emoney', 'escrow', 'safeguarding'].includes(row.kind),
      )
      .filter((row) => row.balanceMinor !== 0)
      .map((row) => ({ kind: row.kind, balance_minor: row.balanceMinor }));
    const bank = bankBalances.get(currency) ?? null;
    return {
      currency,
      client_balances_minor: requirement,
      safeguarding_ledger_minor: resource,
      difference_minor: difference,
      explained_by: explained,
      bank_balance_minor: bank,
      breaks: breaksOf(currency, requirement, resource, of('suspense'), bank),
    };
  });
  return {
    date,
    as_of: asOf.toISOString(),
    currencies: reconciliations,
    ok: reconciliations.every((item) => item.breaks.length === 0),
  };
}

function breaksOf(
  currency: string,
  requirement: number,
  resource: number,
  suspense: number,
  bank: number | null,
): ReconciliationBreak[] {
  const breaks: ReconciliationBreak[] = [];
  if (resource < requirement)
    breaks.push({
      kind: 'shortfall',
      amount_minor: requirement - resource,
      detail: `The safeguarding account holds less ${currency} than clients are owed; top it up today.`,
    });
  if (resource > requirement)
    breaks.push({
      kind: 'excess',
      amount_minor: resource - requirement,
      detail: `The safeguarding account holds more ${currency} than clients are owed (fees, money in flight); sweep or explain it.`,
    });
  if (suspense !== 0)
    breaks.push({
      kind: 'unallocated_funds',
      amount_minor: Math.abs(suspense),
      detail: `Money in ${currency} sits in the suspense account and is not yet allocated to a client.`,
    });
  if (bank !== null && bank !== resource)
    breaks.push({
      kind: 'bank_mismatch',
      amount_minor: Math.abs(bank - resource),
      detail: `The bank's statement (${bank}) differs from the ledger's safeguarding balance (${resource}).`,
    });
  return breaks;
}

/** Stores the day's reconciliation, one row per currency, and logs every break to the audit log. */
export async function recordReconciliation(
  tx: Queryable,
  input: RecordReconciliationInput,
  actor: { operatorId: string; requestId: string; ip: string },
): Promise<Reconciliation> {
  // Figures the operator types win; the imported statement's fill in the other currencies.
  const bank = await bankFiguresFor(tx, input.date);
  for (const balance of input.bank_balances) bank.set(balance.currency, balance.amount);
  const result = await reconcileSafeguarding(tx, input.date, bank);
  for (const item of result.currencies) {
    await insertOperatorReconciliation(tx, input.date, item, actor.operatorId, input.note ?? null);
  }
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action: 'operator.safeguarding_reconciled',
    objectType: 'safeguarding_reconciliation',
    objectId: input.date,
    details: {
      ok: result.ok,
      note: input.note ?? null,
      breaks: result.currencies.flatMap((item) =>
        item.breaks.map((found) => ({
          currency: item.currency,
          kind: found.kind,
          amount: found.amount_minor,
        })),
      ),
    },
  });
  return result;
}
