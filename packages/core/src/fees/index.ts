export * from './convert';
export * from './exchange-rate';
export * from './holding-fee';
export * from './payment-fees';
