export * from './convert';
export * from './exchange-rate';
export * from './payment-fees';
