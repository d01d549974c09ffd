import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { ErrorCode } from '../../lib/error-statuses';
import { createTransfersInTransaction } from './create-transfers';
import type { CreateTransferResult, TransferInput } from './types';

type TransferDone = Extract<CreateTransferResult, { ok: true }>;

// Of the ledger's refusals, two are the account's and the client can act on them: not enough
// money (`exceeds_credits`) and a freeze (`account_frozen`). Each product says them in its own
// words; every other refusal means the caller built a wrong transfer, a bug.

/** How a product words one refusal; the code is the refusal's own unless it names another. */
export type RefusalWording = { message: string; detail?: string; code?: ErrorCode };

export type LedgerRefusals = {
  /** Answered `insufficient_funds`. */
  exceedsCredits: RefusalWording;
  /** Answered `account_frozen`; left out, a freeze is a bug like any refusal not named. */
  accountFrozen?: RefusalWording;
};

/** The transfer a linked call failed on, before those that failed only because it did. */
export function firstRefusal(results: CreateTransferResult[]): CreateTransferResult | undefined {
  return (
    results.find((result) => !result.ok && result.code !== 'linked_event_failed') ??
    results.find((r) => !r.ok)
  );
}

/**
 * Throws for a refused transfer (nothing for one that went through): the product's AppError for
 * a refusal it words, an Error starting with `bug` for any other.
 */
export function throwLedgerRefusal(
  result: CreateTransferResult | undefined,
  refusals: LedgerRefusals,
  bug: string,
): asserts result is TransferDone | undefined {
  if (!result || result.ok) return;
  if (result.code === 'exceeds_credits') throw refusalError('insufficient_funds', refusals.exceedsCredits);
  if (result.code === 'account_frozen' && refusals.accountFrozen)
    throw refusalError('account_frozen', refusals.accountFrozen);
  throw new Error(`${bug}: ${result.code}`);
}

function refusalError(code: ErrorCode, wording: RefusalWording): AppError {
  const extra = wording.detail === undefined ? {} : { detail: wording.detail };
  return new AppError(wording.code ?? code, wording.message, extra);
}

/**
 * The transfers as one linked call in the caller's transaction, all or nothing: the first
 * refusal throws as `throwLedgerRefusal` says, so what comes back went through.
 */
export async function transferOrRefuse(
  tx: Queryable,
  transfers: readonly TransferInput[],
  refusals: LedgerRefusals,
  bug: string,
): Promise<TransferDone[]> {
  const results = await createTransfersInTransaction(tx, transfers);
  throwLedgerRefusal(firstRefusal(results), refusals, bug);
  const done = results.filter((result): result is TransferDone => result.ok);
  if (done.length !== transfers.length) throw new Error(`${bug}: ${results.length} results`);
  return done;
}
