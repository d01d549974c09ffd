export * from './settings-schemas';
