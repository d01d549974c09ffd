export * from './card-waitlist';
export * from './idempotency-key';
