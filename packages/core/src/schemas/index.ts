export * from './card-waitlist';
export * from './email-unsubscribe';
export * from './http-url';
export * from './idempotency-key';
export * from './outbox-message';
export * from './public-responses';
