export { devOutboxRoutes } from './dev-outbox-routes';
export { unsubscribeLink } from './email-unsubscribe';
export { enqueueMessage, type OutgoingMessage } from './enqueue-message';
export { startOutboxWorker } from './start-outbox-worker';
export { httpSmsGateway, smtpTransport } from './transports';
export { emailUnsubscribeRoutes } from './unsubscribe-routes';
