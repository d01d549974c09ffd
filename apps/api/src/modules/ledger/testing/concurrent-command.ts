import type fc from 'fast-check';
import { expect } from 'vitest';
import { createTransfers } from '../create-transfers';
import type { TransferInput } from '../types';
import {
  type Command,
  freezeTarget,
  type ModelRun,
  outcomeOf,
  type RealLedger,
  setFrozen,
  stepsRun,
  verify,
} from './ledger-commands';
import type { ModelOutcome } from './ledger-model';
import { scheduledDatabase } from './scheduled-database';

/** One of the calls a concurrent step makes at once. */
export type ConcurrentCall =
  | { label: string; build: (model: ModelRun) => TransferInput[] }
  | { label: string; freeze: number; frozen: boolean };

/**
 * Several calls at once, with fc.scheduler choosing the order in which every database query of
 * every call goes out (a one-round-trip call, an optimistic load and write, a locking
 * transaction, a freeze), so the calls' round trips interleave in the orders the scheduler
 * explores. The outcome must be what some serial order of the calls gives: the model tries every
 * order, keeps the first that explains each call's results and the final balances, and fails the
 * run when none does (docs/reliability.md, T4: linearizable under concurrency).
 */
export class ConcurrentCommand implements Command {
  constructor(
    private readonly calls: readonly ConcurrentCall[],
    private readonly scheduler: fc.Scheduler,
  ) {}
  check(model: Readonly<ModelRun>): boolean {
    return model.accountIds.length > 0;
  }
  async run(model: ModelRun, real: RealLedger): Promise<void> {
    const now = real.now();
    const built = this.calls.map((call) =>
      'build' in call
        ? { kind: 'transfers' as const, inputs: call.build(model) }
        : { kind: 'freeze' as const, accountId: freezeTarget(model, call.freeze), frozen: call.frozen },
    );
    const db = scheduledDatabase(real.db, this.scheduler);
    const outcomes = await this.scheduler.waitFor(
      Promise.all(
        built.map(async (call) =>
          call.kind === 'transfers'
            ? (await createTransfers(db, call.inputs, { now })).map(outcomeOf)
            : [await setFrozen(db, call.accountId, call.frozen)],
        ),
      ),
    );
    const explained = permutations(built.length).find((order) => {
      const candidate = model.ledger.clone();
      const expected: ModelOutcome[][] = [];
      for (const index of order) {
        const call = built[index];
        if (!call) return false;
        expected[index] =
          call.kind === 'transfers'
            ? candidate.apply(call.inputs, now.getTime())
            : [candidate.setFrozen(call.accountId, call.frozen)];
      }
      if (JSON.stringify(expected) !== JSON.stringify(outcomes)) return false;
      model.ledger.adopt(candidate);
      return true;
    });
    expect(explained, `no serial order explains ${JSON.stringify(outcomes)}`).toBeDefined();
    for (const call of built) if (call.kind === 'transfers') model.sent.push(call.inputs);
    stepsRun.count++;
    stepsRun.outcomes.set('concurrent', (stepsRun.outcomes.get('concurrent') ?? 0) + 1);
    await verify(model, real);
  }
  toString(): string {
    return `concurrently(${this.calls.map((call) => call.label).join(', ')}; ${this.scheduler.report().length} scheduled)`;
  }
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((rest) =>
    Array.from({ length: n }, (_, at) => [...rest.slice(0, at), n - 1, ...rest.slice(at)]),
  );
}
