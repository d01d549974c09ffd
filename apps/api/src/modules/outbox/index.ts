// The transactional outbox for e-mail and SMS: messages enqueued inside a transaction, the
// delivery worker and its transports, and e-mail unsubscribes.

export { devOutboxRoutes } from './dev-outbox-routes';
export { isUnsubscribed, unsubscribeLink } from './email-unsubscribe';
export { enqueueMessage, type OutgoingMessage, outboxInsertSql } from './enqueue-message';
export { outboxDeliveryJob } from './outbox-delivery-job';
export { emailUnsubscribeRoutes } from './unsubscribe-routes';
