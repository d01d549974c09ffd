import type { Database } from '../../db/database';
import type { CreateTransferResult, TransferInput } from './types';

// Concurrent callers' transfers, merged into shared ledger calls (as TigerBeetle's clients do).
// A ledger call costs two round trips however many transfers it carries, so while calls are in
// flight, the calls that arrive queue up and leave together as one. A lone caller never waits:
// with nothing in flight its call goes at once. Each caller gets exactly its own results, in
// order, and its linked chains stay contiguous; the merged call decides the callers' transfers
// one after another, so the outcome is the one some serial order of the calls would give.

type QueuedCall = {
  inputs: readonly TransferInput[];
  resolve: (results: CreateTransferResult[]) => void;
  reject: (error: unknown) => void;
};

export type RunCall = (db: Database, inputs: readonly TransferInput[]) => Promise<CreateTransferResult[]>;

/**
 * Ledger calls in flight at once per database and process. One gives the largest batches and no
 * contention between this process's own calls; measured against 2 and 4 it was the fastest at 8
 * and 32 callers (docs/benchmarks.md). Other processes sharing the database still run
 * concurrently, which the optimistic and locking paths make safe.
 */
const MAX_IN_FLIGHT = 1;
/** The most transfers one merged call carries; a larger single call still goes alone. */
const MAX_MERGED_TRANSFERS = 2_000;

export class TransferBatcher {
  private readonly queue: QueuedCall[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Database,
    private readonly run: RunCall,
  ) {}

  submit(inputs: readonly TransferInput[]): Promise<CreateTransferResult[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ inputs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const calls = this.takeBatch();
      this.inFlight++;
      void this.send(calls).finally(() => {
        this.inFlight--;
        this.dispatch();
      });
    }
  }

  /** The first queued call and as many following ones as fit. */
  private takeBatch(): QueuedCall[] {
    const calls: QueuedCall[] = [];
    let transfers = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0];
      if (!next) break;
      if (calls.length > 0 && transfers + next.inputs.length > MAX_MERGED_TRANSFERS) break;
      this.queue.shift();
      calls.push(next);
      transfers += next.inputs.length;
    }
    return calls;
  }

  private async send(calls: QueuedCall[]): Promise<void> {
    try {
      const results = await this.run(
        this.db,
        calls.flatMap((call) => call.inputs),
      );
      let offset = 0;
      for (const call of calls) {
        call.resolve(results.slice(offset, offset + call.inputs.length));
        offset += call.inputs.length;
      }
    } catch (error) {
      for (const call of calls) call.reject(error);
    }
  }
}

/**
 * Whether a call may share a ledger call with others: not when it ends inside a linked chain
 * (merged, its chain would link into the next caller's transfer instead of being refused).
 */
export function canMerge(inputs: readonly TransferInput[]): boolean {
  return inputs.length > 0 && inputs[inputs.length - 1]?.linked !== true;
}
