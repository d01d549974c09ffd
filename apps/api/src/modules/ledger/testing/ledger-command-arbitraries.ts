import fc from 'fast-check';
import { systemAccountId } from '../chart-of-accounts';
import type { TransferInput } from '../types';
import { type ConcurrentCall, ConcurrentCommand } from './concurrent-command';
import {
  type Command,
  ExpireCommand,
  FreezeCommand,
  type ModelRun,
  nextId,
  OpenAccountCommand,
  pick,
  posted,
  SendCommand,
  TickCommand,
} from './ledger-commands';

// The generators of the model test's commands: which accounts, amounts (a third of them at the
// edge of what an account can spend), holds, posts, voids, clock moves, chains, batches and
// retries of earlier calls, with the same or changed fields.

const hasAccounts = (model: Readonly<ModelRun>) => model.accountIds.length > 0;
const hasPending = (model: Readonly<ModelRun>) => model.ledger.pendingIds().length > 0;
const hasSent = (model: Readonly<ModelRun>) => model.sent.length > 0;
const amount = fc.integer({ min: 1, max: 3_000 });
const index = fc.nat(1_000);
// Limits break at their edges: a third of the amounts are exactly what the account can spend, or one more.
const amountOrBoundary = fc.oneof(amount, amount, amount, fc.constantFrom(-1, -2));

/** -1 stands for the account's whole available balance, -2 for one unit more. */
function resolveAmount(model: ModelRun, accountId: string, value: number): number {
  if (value > 0) return value;
  const a = model.ledger.accounts.get(accountId);
  const available = a ? a.creditsPosted - a.debitsPosted - a.debitsPending : 0;
  return Math.max(1, available + (value === -2 ? 1 : 0));
}

/** An account of the run by index; now and then one the ledger has never heard of. */
function account(model: ModelRun, i: number, unknown = false): string {
  return unknown ? `${model.prefix}nobody` : (pick(model.accountIds, i) ?? 'none');
}

/** Another account than `from` mostly; the same one now and then, which the ledger must refuse. */
function counterparty(model: ModelRun, from: string, i: number): string {
  const others = model.accountIds.filter((id) => id !== from);
  return i % 10 === 0 || others.length === 0 ? from : (pick(others, i) ?? from);
}

function settlementOf(model: ModelRun, accountId: string): string {
  const currency = model.ledger.accounts.get(accountId)?.currency ?? 'EUR';
  return systemAccountId(currency, 'rail_settlement', currency === 'EUR' ? 'sepa' : 'faster_pay');
}

export function ledgerCommands(): fc.Arbitrary<Command>[] {
  const open = fc
    .tuple(fc.constantFrom('EUR', 'EUR', 'GBP'), fc.integer({ min: 0, max: 5_000 }))
    .map(([currency, fund]) => new OpenAccountCommand(currency, fund));
  const [hold, post, voided] = twoPhaseCommands();
  const clock = [
    fc.integer({ min: 1, max: 90 }).map((seconds) => new ExpireCommand(seconds)),
    fc.integer({ min: 1, max: 90 }).map((seconds) => new TickCommand(seconds)),
  ];
  const freeze = fc.tuple(index, fc.boolean()).map(([which, frozen]) => new FreezeCommand(which, frozen));
  // fc.commands picks uniformly: listing transfers, holds and posts twice makes them common.
  return [
    open,
    transferCommand(),
    transferCommand(),
    hold,
    hold,
    post,
    post,
    voided,
    freeze,
    ...clock,
    ...groupCommands(),
    concurrentCommand([transferCommand(), hold, post, voided, ...groupCommands()]),
  ];
}

/** Two or three calls at once, their queries interleaved by fc.scheduler (ConcurrentCommand). */
function concurrentCommand(sends: fc.Arbitrary<Command>[]): fc.Arbitrary<Command> {
  const freezeCall: fc.Arbitrary<ConcurrentCall> = fc
    .tuple(index, fc.boolean())
    .map(([freeze, frozen]) => ({ label: `${frozen ? 'freeze' : 'unfreeze'}(${freeze})`, freeze, frozen }));
  const sendCall: fc.Arbitrary<ConcurrentCall> = fc
    .oneof(...sends)
    .map((command) => command as SendCommand)
    .map((command) => ({ label: command.label, build: command.build }));
  return fc
    .tuple(fc.array(fc.oneof(sendCall, sendCall, freezeCall), { minLength: 2, maxLength: 3 }), fc.scheduler())
    .map(([calls, scheduler]) => new ConcurrentCommand(calls, scheduler));
}

function transferCommand(): fc.Arbitrary<Command> {
  return fc.tuple(index, index, amountOrBoundary, fc.boolean(), fc.integer({ min: 0, max: 9 })).map(
    ([from, to, value, toSettlement, unknown]) =>
      new SendCommand(
        `transfer(${from}, ${toSettlement ? 'settlement' : to}, ${value}${unknown === 0 ? ', unknown' : ''})`,
        (model) => {
          const debit = account(model, from);
          const credit = toSettlement
            ? settlementOf(model, debit)
            : unknown === 0
              ? account(model, to, true)
              : counterparty(model, debit, to);
          return [posted(model, debit, credit, resolveAmount(model, debit, value))];
        },
        hasAccounts,
      ),
  );
}

function twoPhaseCommands(): [fc.Arbitrary<Command>, fc.Arbitrary<Command>, fc.Arbitrary<Command>] {
  const hold = fc
    .tuple(index, amountOrBoundary, fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }))
    .map(
      ([from, value, timeoutSeconds]) =>
        new SendCommand(
          `hold(${from}, ${value}, timeout ${timeoutSeconds ?? 'none'})`,
          (model) => {
            const debit = account(model, from);
            const amountMinor = resolveAmount(model, debit, value);
            const input = {
              ...posted(model, debit, settlementOf(model, debit), amountMinor),
              kind: 'pending' as const,
            };
            return [timeoutSeconds === undefined ? input : { ...input, timeoutSeconds }];
          },
          hasAccounts,
        ),
    );
  const post = fc.tuple(index, fc.constantFrom('full', 'part', 'over')).map(
    ([which, how]) =>
      new SendCommand(
        `post(${which}, ${how})`,
        (model) => {
          const pendingId = pick(model.ledger.pendingIds(which), which) ?? 'none';
          const held = model.ledger.transfers.get(pendingId)?.amount ?? 1;
          const amountMinor =
            how === 'full' ? undefined : how === 'part' ? Math.max(1, Math.floor(held / 3)) : held + 1;
          const input: TransferInput = {
            kind: 'post_pending',
            id: nextId(model),
            pendingId,
            code: 'test_post',
          };
          return [amountMinor === undefined ? input : { ...input, amountMinor }];
        },
        hasPending,
      ),
  );
  const voided = index.map(
    (which) =>
      new SendCommand(
        `void(${which})`,
        (model) => {
          const pendingId = pick(model.ledger.pendingIds(which), which) ?? 'none';
          return [{ kind: 'void_pending', id: nextId(model), pendingId, code: 'test_void' }];
        },
        hasPending,
      ),
  );
  return [hold, post, voided];
}

/** Linked chains, batches of independent transfers, and retries of earlier calls. */
function groupCommands(): fc.Arbitrary<Command>[] {
  const legs = (maxLength: number) => fc.array(fc.tuple(index, index, amount), { minLength: 2, maxLength });
  const build = (model: ModelRun, [from, to, value]: [number, number, number], linked: boolean) => {
    const debit = account(model, from);
    return posted(model, debit, counterparty(model, debit, to), value, linked);
  };
  return [
    legs(3).map(
      (chain) =>
        new SendCommand(
          `linked(${JSON.stringify(chain)})`,
          (model) => chain.map((leg, i) => build(model, leg, i < chain.length - 1)),
          hasAccounts,
        ),
    ),
    legs(6).map(
      (batch) =>
        new SendCommand(
          `batch(${JSON.stringify(batch)})`,
          (model) => batch.map((leg) => build(model, leg, false)),
          hasAccounts,
        ),
    ),
    fc.tuple(index, fc.boolean()).map(
      ([which, changed]) =>
        new SendCommand(
          `retry(${which}${changed ? ', changed' : ''})`,
          (model) => {
            const earlier = pick(model.sent, which) ?? [];
            return changed
              ? earlier.map((input, i) => (i === 0 ? { ...input, code: 'changed_code' } : input))
              : earlier;
          },
          hasSent,
        ),
    ),
  ];
}
