import type fc from 'fast-check';
import { expect } from 'vitest';
import type { Database } from '../../../db/database';
import { systemAccountId } from '../chart-of-accounts';
import { createTransfers } from '../create-transfers';
import { expirePendingTransfers, expiryTransferId } from '../expire-pending-transfers';
import { freezeAccount, unfreezeAccount } from '../freeze-account';
import { openClientAccount } from '../open-account';
import type { CreateTransferResult, PostedTransferInput, TransferInput } from '../types';
import type { LedgerModel, ModelOutcome } from './ledger-model';

// The commands of the ledger's model test (ledger-model.test.ts). Each runs the same step on
// the model and on the database, compares the outcomes, then compares every account of the
// run and checks the ledger's invariants. Their generators are in ledger-command-arbitraries.ts;
// the concurrent step is in concurrent-command.ts.
export type ModelRun = {
  ledger: LedgerModel;
  accountIds: string[];
  sent: TransferInput[][];
  prefix: string;
  counter: number;
};

export type RealLedger = {
  db: Database;
  prefix: string;
  now: () => Date;
  advance: (seconds: number) => void;
  checkInvariants: () => Promise<void>;
};

export type Command = fc.AsyncCommand<ModelRun, RealLedger>;

/** How many ledger calls the commands made, so the test can show it was not vacuous. */
export const stepsRun = { count: 0, outcomes: new Map<string, number>() };

export function outcomeOf(result: CreateTransferResult): string {
  if (result.ok) return result.status;
  return result.code === 'pending_already_resolved' ? `${result.code}:${result.resolution}` : result.code;
}

export async function verify(model: ModelRun, real: RealLedger): Promise<void> {
  const rows = await real.db.query<{
    id: string;
    dp: number;
    dpe: number;
    cp: number;
    cpe: number;
    frozen: boolean;
  }>(
    `SELECT id, debits_posted_minor AS dp, debits_pending_minor AS dpe, credits_posted_minor AS cp,
       credits_pending_minor AS cpe, frozen FROM ledger_account_balances WHERE starts_with(id, $1) ORDER BY id`,
    [real.prefix],
  );
  const expected = model.accountIds
    .map((id) => model.ledger.accounts.get(id))
    .map(
      (a) =>
        a && {
          id: a.id,
          dp: a.debitsPosted,
          dpe: a.debitsPending,
          cp: a.creditsPosted,
          cpe: a.creditsPending,
          frozen: a.frozen,
        },
    )
    .sort((x, y) => ((x?.id ?? '') < (y?.id ?? '') ? -1 : 1));
  expect(rows).toEqual(expected);
  const [counts] = await real.db.query<{ own: number; expired: number }>(
    `SELECT count(*) FILTER (WHERE starts_with(id, $1))::integer AS own,
       count(*) FILTER (WHERE starts_with(id, $2))::integer AS expired FROM ledger_transfers`,
    [real.prefix, expiryTransferId(real.prefix)],
  );
  const expiredInModel = [...model.ledger.resolutions.values()].filter((r) => r === 'expired').length;
  expect(counts).toEqual({ own: model.ledger.transfers.size, expired: expiredInModel });
  await real.checkInvariants();
}

async function send(model: ModelRun, real: RealLedger, inputs: TransferInput[]): Promise<void> {
  const expected = model.ledger.apply(inputs, real.now().getTime());
  const results = await createTransfers(real.db, inputs, { now: real.now() });
  expect(results.map(outcomeOf)).toEqual(expected);
  model.sent.push(inputs);
  stepsRun.count++;
  for (const outcome of expected) stepsRun.outcomes.set(outcome, (stepsRun.outcomes.get(outcome) ?? 0) + 1);
  await verify(model, real);
}

export function nextId(model: ModelRun): string {
  model.counter++;
  return `${model.prefix}t${model.counter}`;
}

export const pick = <T>(list: readonly T[], index: number): T | undefined =>
  list[index % Math.max(1, list.length)];

export function posted(
  model: ModelRun,
  from: string,
  to: string,
  amountMinor: number,
  linked = false,
): PostedTransferInput {
  const currency = model.ledger.accounts.get(from)?.currency ?? 'EUR';
  const id = nextId(model);
  return {
    kind: 'posted',
    id,
    debitAccountId: from,
    creditAccountId: to,
    amountMinor,
    currency,
    code: 'test_transfer',
    referenceType: 'test',
    referenceId: id,
    ...(linked ? { linked } : {}),
  };
}

export class SendCommand implements Command {
  constructor(
    readonly label: string,
    readonly build: (model: ModelRun) => TransferInput[],
    private readonly needs: (model: Readonly<ModelRun>) => boolean,
  ) {}
  check(model: Readonly<ModelRun>): boolean {
    return this.needs(model);
  }
  async run(model: ModelRun, real: RealLedger): Promise<void> {
    await send(model, real, this.build(model));
  }
  toString(): string {
    return this.label;
  }
}

/** Opens a client account of the run on both sides and funds it from the opening balances. */
export async function openAccount(model: ModelRun, real: RealLedger, currency: string, fundMinor: number) {
  const id = `${model.prefix}a${model.accountIds.length}`;
  const opened = await openClientAccount(real.db, { id, ownerClientId: id, currency });
  expect(opened).toMatchObject({ ok: true, status: 'created' });
  model.ledger.addAccount(id, currency, true);
  model.accountIds.push(id);
  if (fundMinor > 0) {
    await send(model, real, [posted(model, systemAccountId(currency, 'opening_balances'), id, fundMinor)]);
  } else {
    await verify(model, real);
  }
}

export class OpenAccountCommand implements Command {
  constructor(
    private readonly currency: string,
    private readonly fundMinor: number,
  ) {}
  check(model: Readonly<ModelRun>): boolean {
    return model.accountIds.length < 8;
  }
  async run(model: ModelRun, real: RealLedger): Promise<void> {
    await openAccount(model, real, this.currency, this.fundMinor);
  }
  toString(): string {
    return `open(${this.currency}, ${this.fundMinor})`;
  }
}

export class ExpireCommand implements Command {
  constructor(private readonly seconds: number) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelRun, real: RealLedger): Promise<void> {
    real.advance(this.seconds);
    const expected = model.ledger.expire(real.now().getTime());
    const expired = await expirePendingTransfers(real.db, real.now());
    expect(expired.filter((id) => id.startsWith(real.prefix)).sort()).toEqual(expected);
    await verify(model, real);
  }
  toString(): string {
    return `expire(+${this.seconds}s)`;
  }
}

/** Moves the clock without running the expiry job: a late post must still be refused. */
export class TickCommand implements Command {
  constructor(private readonly seconds: number) {}
  check(): boolean {
    return true;
  }
  async run(_model: ModelRun, real: RealLedger): Promise<void> {
    real.advance(this.seconds);
  }
  toString(): string {
    return `tick(+${this.seconds}s)`;
  }
}

const freezeBy = { reason: 'model test', actor: 'model' };

/** Freezes or unfreezes an account of the run (a system account now and then, which must be refused). */
export class FreezeCommand implements Command {
  constructor(
    private readonly which: number,
    private readonly frozen: boolean,
  ) {}
  check(model: Readonly<ModelRun>): boolean {
    return model.accountIds.length > 0;
  }
  async run(model: ModelRun, real: RealLedger): Promise<void> {
    const accountId = freezeTarget(model, this.which);
    const expected = model.ledger.setFrozen(accountId, this.frozen);
    expect(await setFrozen(real.db, accountId, this.frozen)).toEqual(expected);
    await verify(model, real);
  }
  toString(): string {
    return `${this.frozen ? 'freeze' : 'unfreeze'}(${this.which})`;
  }
}

export function freezeTarget(model: ModelRun, which: number): string {
  if (which % 13 === 12) return systemAccountId('EUR', 'opening_balances');
  return pick(model.accountIds, which) ?? 'none';
}

export async function setFrozen(db: Database, accountId: string, frozen: boolean): Promise<ModelOutcome> {
  const result = await (frozen ? freezeAccount : unfreezeAccount)(db, { accountId, ...freezeBy });
  return result.ok ? result.status : result.code;
}
