export * from './amount-limits';
export * from './convert';
export * from './escrow-fees';
export * from './exchange-pricing';
export * from './fee-run-schemas';
export * from './holding-fee';
export * from './payment-fees';
export * from './reference-letter-schemas';
