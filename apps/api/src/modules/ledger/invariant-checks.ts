// The invariant checks live in invariant-rows.ts with the ledger's other SQL; ledger-defences.test.ts
// still loads them by this path.
export { type InvariantCheck, invariantChecks } from './invariant-rows';
