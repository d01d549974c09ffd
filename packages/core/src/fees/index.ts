export * from './convert';
export * from './escrow-fees';
export * from './exchange-pricing';
export * from './exchange-rate';
export * from './holding-fee';
export * from './payment-fees';
