// The transactional outbox for e-mail and SMS: messages enqueued inside a transaction, the
// delivery worker and its transports, and e-mail unsubscribes.

import type { ModuleManifest } from '../../lib/module-manifest';
import { devOutboxRoutes } from './dev-outbox-routes';
import { outboxDeliveryJob } from './outbox-delivery-job';
import { emailUnsubscribeRoutes } from './unsubscribe-routes';

export { devOutboxRoutes } from './dev-outbox-routes';
export { unsubscribeLink } from './email-unsubscribe';
export { isUnsubscribed } from './email-unsubscribe-rows';
export { enqueueMessage, type OutgoingMessage } from './enqueue-message';
export { outboxDeliveryJob } from './outbox-delivery-job';
export { outboxInsertSql } from './outbox-message-rows';
export { emailUnsubscribeRoutes } from './unsubscribe-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'outbox',
  publicRoutes: [emailUnsubscribeRoutes],
  demoRoutes: [devOutboxRoutes],
  jobs: [outboxDeliveryJob],
};
