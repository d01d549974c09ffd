export * from './account-name';
export * from './account-schemas';
export * from './iban';
export * from './line-labels';
export * from './query-params';
export * from './statement-schemas';
