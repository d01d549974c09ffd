export * from './notification-schemas';
