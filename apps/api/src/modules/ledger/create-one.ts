import type { Queryable } from '../../db/database';
import { isRetryableError } from '../../db/transaction';
import { type CreateOneRow, createOneTransfer } from './batch-rows';
import { shardForTransferHash } from './chart-of-accounts';
import { newTransfer, timeoutOf } from './new-transfer';
import type { CreateTransferResult, PendingTransferInput, PostedTransferInput, TransferInput } from './types';
import { validateTransferInput } from './validate-transfer-input';
import { isRaceViolation, LedgerRaceError } from './write-batch';

// One round trip for the commonest call: a lone new transfer (a payment, a fee, a card hold) that
// passes every check. The SQL function ledger_create_one (migration 0003, docs/ledger-sql.md) locks
// the two balances, checks that the transfer can only be `created`, and writes it; if anything else
// could be the answer (a retry, an unknown account, a limit, a frozen account...) it writes nothing
// and says so, and the call goes on the usual two-round-trip path, whose TypeScript decides every
// rule and gives the precise result code. See decision 0008.
//
// The function only ever answers "created" or "not sure", so the rules still have one home for
// their result codes; the SQL holds the conditions under which every rule says yes.

/** Whether a call may try the one-round-trip path: one valid new transfer, not in a chain. */
export function isOneTripCandidate(
  inputs: readonly TransferInput[],
): inputs is readonly [PostedTransferInput | PendingTransferInput] {
  if (inputs.length !== 1) return false;
  const [input] = inputs;
  if (!input || (input.kind !== 'posted' && input.kind !== 'pending') || input.linked === true) return false;
  return validateTransferInput(input) === undefined;
}

/**
 * The transfer's result when the one round trip created it; undefined when it wrote nothing and
 * the usual path must decide (also when a concurrent call won a race on the same id).
 *
 * Inside a caller's transaction (`inTransaction`) a failed statement has aborted that
 * transaction, so nothing can go on in it: a lost race is thrown as SQLSTATE 40001 for the
 * caller's withTransaction to run the whole transaction again, as the usual path's write does.
 * A "not sure" answer wrote nothing and failed nothing, so the usual path goes on in the same
 * transaction, taking the balance locks this call already holds.
 */
export async function createOneInOneTrip(
  db: Queryable,
  input: PostedTransferInput | PendingTransferInput,
  now: Date | undefined,
  inTransaction = false,
): Promise<CreateTransferResult | undefined> {
  const timeoutSeconds = timeoutOf(input);
  let row: CreateOneRow | undefined;
  try {
    [row] = await createOneTransfer(db, input, timeoutSeconds, now, shardForTransferHash(input.id));
  } catch (error) {
    if (inTransaction) throw isRaceViolation(error) ? new LedgerRaceError(error) : error;
    if (isRaceViolation(error) || isRetryableError(error)) return undefined;
    throw error;
  }
  if (!row?.created) return undefined;
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    ok: true,
    status: 'created',
    transfer: newTransfer(input, {
      debitAccountId: row.debit_id,
      creditAccountId: row.credit_id,
      linked: false,
      createdAt,
    }),
  };
}
