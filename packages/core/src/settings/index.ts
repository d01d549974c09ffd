export * from './related-client-schemas';
export * from './settings-schemas';
