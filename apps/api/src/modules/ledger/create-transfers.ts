import type { Database, Queryable } from '../../db/database';
import { isRetryableError, withTransaction } from '../../db/transaction';
import { applyBatch } from './apply-batch';
import { BatchState } from './batch-state';
import { createOneInOneTrip, isOneTripCandidate } from './create-one';
import { idsToLoad, loadBatch } from './load-batch';
import { canMerge, TransferBatcher } from './transfer-batcher';
import { type CreateTransferResult, MAX_TRANSFERS_PER_CALL, type TransferInput } from './types';
import { validateTransferInput } from './validate-transfer-input';
import { writeBatch } from './write-batch';

// The ledger's one write path for transfers. A call of one transfer or of thousands makes the
// same two database calls: load, decide in TypeScript, write set-based. Results come back in
// input order. See docs/ledger.md, "Concurrency" and "Throughput". A lone new transfer first
// tries one round trip that writes it only when it can only be created (create-one.ts,
// decision 0008); anything else comes here.
//
// Two ways to make those calls safe against concurrent calls:
// - optimistic (the default): read without locks, then write in one statement that locks what
//   it moves and first checks that the flagged balances it moves are still at the versions read.
//   Two round trips, no transaction held open between them.
// - locking: inside a transaction, lock the flagged balances when reading, so nothing can change
//   them before the write. Used inside a caller's transaction, and after an optimistic conflict,
//   so a contended account always makes progress.

export type CreateTransfersOptions = {
  /** The ledger's clock for this call; defaults to the database's `now()` (tests inject one). */
  now?: Date;
};

/**
 * How often an optimistic call met a conflict and went on the locking path, and how often a lone
 * transfer's one round trip wrote nothing and went on the usual path (benchmarks report both).
 */
export const ledgerStats = { optimisticConflicts: 0, oneTripFallbacks: 0 };

const batchers = new WeakMap<Database, TransferBatcher>();

/**
 * Creates transfers atomically and returns one result per input, in order. Concurrent calls on
 * one database share ledger calls (transfer-batcher.ts); conflicts are retried internally.
 */
export async function createTransfers(
  db: Database,
  inputs: readonly TransferInput[],
  options: CreateTransfersOptions = {},
): Promise<CreateTransferResult[]> {
  // A call with its own clock, or one that ends inside a linked chain, cannot share a call.
  if (options.now !== undefined || !canMerge(inputs)) return createTransfersAlone(db, inputs, options);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new TransferBatcher(db, (target, merged) => createTransfersAlone(target, merged, {}));
    batchers.set(db, batcher);
  }
  return batcher.submit(inputs);
}

/**
 * One ledger call: a lone new transfer first tries the one-round-trip path (create-one.ts); then
 * optimistic, and on the locking path after a conflict.
 */
async function createTransfersAlone(
  db: Database,
  inputs: readonly TransferInput[],
  options: CreateTransfersOptions,
): Promise<CreateTransferResult[]> {
  if (isOneTripCandidate(inputs)) {
    const created = await createOneInOneTrip(db, inputs[0], options.now);
    if (created) return [created];
    ledgerStats.oneTripFallbacks++;
  }
  try {
    return await runCreateTransfers(db, inputs, options, { systemRequest: false, locking: false });
  } catch (error) {
    if (!isRetryableError(error)) throw error;
    ledgerStats.optimisticConflicts++;
  }
  return withTransaction(
    db,
    (tx) => runCreateTransfers(tx, inputs, options, { systemRequest: false, locking: true }),
    {
      maxAttempts: 10,
    },
  );
}

export async function createTransfer(
  db: Database,
  input: TransferInput,
  options: CreateTransfersOptions = {},
): Promise<CreateTransferResult> {
  const [result] = await createTransfers(db, [input], options);
  if (!result) throw new Error('Ledger bug: no result for a transfer');
  return result;
}

/**
 * Creates transfers inside the caller's transaction (a payment row and its transfers commit
 * together): a lone new transfer in one round trip when it can only be created, anything else on
 * the locking path. The transaction must run through withTransaction: a lost race throws
 * SQLSTATE 40001 so that the caller's whole transaction is retried.
 */
export async function createTransfersInTransaction(
  tx: Queryable,
  inputs: readonly TransferInput[],
  options: CreateTransfersOptions = {},
): Promise<CreateTransferResult[]> {
  if (isOneTripCandidate(inputs)) {
    const created = await createOneInOneTrip(tx, inputs[0], options.now, true);
    if (created) return [created];
    ledgerStats.oneTripFallbacks++;
  }
  return runCreateTransfers(tx, inputs, options, { systemRequest: false, locking: true });
}

/** The shared path; `systemRequest` lets the ledger's own expiry use its reserved ids. */
export async function runCreateTransfers(
  queryable: Queryable,
  inputs: readonly TransferInput[],
  options: CreateTransfersOptions,
  mode: { systemRequest: boolean; locking: boolean },
): Promise<CreateTransferResult[]> {
  // Too many transfers in one call is a programming error, not a client's mistake.
  if (inputs.length > MAX_TRANSFERS_PER_CALL) {
    throw new RangeError(`At most ${MAX_TRANSFERS_PER_CALL} transfers per call, got ${inputs.length}`);
  }
  const problems = inputs.map((input) => validateTransferInput(input, mode.systemRequest));
  if (problems.every((problem) => problem !== undefined)) {
    // Every transfer failed on its own fields: nothing to read, lock or write.
    return applyBatch(new BatchState(options.now ?? new Date()), inputs, problems, mode.systemRequest);
  }
  const loaded = await loadBatch(queryable, idsToLoad(inputs, problems), mode.locking);
  const state = new BatchState(options.now ?? loaded.dbNow, loaded);
  const results = applyBatch(state, inputs, problems, mode.systemRequest);
  if (state.newTransfers.length > 0) await writeBatch(queryable, state, !mode.locking);
  return results;
}
