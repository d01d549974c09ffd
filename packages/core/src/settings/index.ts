export * from './settings-schemas';
export * from './related-client-schemas';
