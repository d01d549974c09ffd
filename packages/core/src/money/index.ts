export * from './format-money';
export * from './format-rate';
export * from './minor-units';
export * from './parse-money';
export * from './rounding';
