import { applyTransfer, fail } from './apply-transfer';
import type { BatchState } from './batch-state';
import type { CreateTransferResult, PlainTransferErrorCode, TransferInput } from './types';

// Applies a call's transfers in order. Each stands alone unless it is linked: a transfer with
// `linked: true` chains to the next, and the chain ends at the first transfer without it.
// A chain commits whole or not at all (TigerBeetle's linked events): when one member fails,
// the state rolls back to the chain's start, the failing member keeps its code and every other
// member gets `linked_event_failed`.

export function applyBatch(
  state: BatchState,
  inputs: readonly TransferInput[],
  staticProblems: readonly (PlainTransferErrorCode | undefined)[],
  systemRequest: boolean,
): CreateTransferResult[] {
  const results: CreateTransferResult[] = [];
  let start = 0;
  while (start < inputs.length) {
    const end = chainEnd(inputs, start);
    results.push(
      ...applyChain(state, inputs.slice(start, end + 1), staticProblems.slice(start, end + 1), systemRequest),
    );
    start = end + 1;
  }
  return results;
}

/** Index of the last member of the chain starting at `start` (itself when it is not linked). */
function chainEnd(inputs: readonly TransferInput[], start: number): number {
  let end = start;
  while (end < inputs.length - 1 && inputs[end]?.linked === true) end++;
  return end;
}

function applyChain(
  state: BatchState,
  chain: readonly TransferInput[],
  staticProblems: readonly (PlainTransferErrorCode | undefined)[],
  systemRequest: boolean,
): CreateTransferResult[] {
  // A call that ends inside a chain cannot know what the chain would have linked to.
  const open = chain[chain.length - 1]?.linked === true;
  const mark = state.mark();
  const results: CreateTransferResult[] = [];
  for (const [index, input] of chain.entries()) {
    const problem = open && index === chain.length - 1 ? 'linked_event_chain_open' : staticProblems[index];
    const result = problem ? fail(problem) : applyTransfer(state, input, systemRequest);
    if (!result.ok && chain.length > 1) {
      state.rollbackTo(mark);
      return chain.map((_, other) => (other === index ? result : fail('linked_event_failed')));
    }
    results.push(result);
  }
  return results;
}
