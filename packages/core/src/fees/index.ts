export * from './convert';
export * from './exchange-pricing';
export * from './exchange-rate';
export * from './payment-fees';
