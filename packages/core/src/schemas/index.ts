export * from './card-waitlist';
export * from './email-unsubscribe';
export * from './http-url';
export * from './idempotency-key';
export * from './iso-date';
export * from './outbox-message';
export * from './plain-text';
export * from './public-responses';
