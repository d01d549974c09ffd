export * from './exchange-schemas';
