export * from './exchange-rate';
export * from './fx-rate-schemas';
export * from './fx-reference-rates';
