export * from './convert';
export * from './exchange-pricing';
export * from './exchange-rate';
export * from './holding-fee';
export * from './payment-fees';
