export { devOutboxRoutes } from './dev-outbox-routes';
export { unsubscribeLink } from './email-unsubscribe';
export { enqueueMessage, type OutgoingMessage } from './enqueue-message';
export { outboxDeliveryJob } from './start-outbox-worker';
export { emailUnsubscribeRoutes } from './unsubscribe-routes';
