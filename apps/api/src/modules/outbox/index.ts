// The transactional outbox for e-mail and SMS: messages enqueued inside a transaction, the
// delivery worker and its transports, and e-mail unsubscribes.

import type { ModuleManifest } from '../../lib/module-manifest';
import { devOutboxRoutes } from './dev-outbox-routes';
import { outboxDeliveryJob } from './outbox-delivery-job';
import { emailUnsubscribeRoutes } from './unsubscribe-routes';

export { devOutboxRoutes } from './dev-outbox-routes';
export { isUnsubscribed, unsubscribeLink } from './email-unsubscribe';
export { enqueueMessage, type OutgoingMessage, outboxInsertSql } from './enqueue-message';
export { outboxDeliveryJob } from './outbox-delivery-job';
export { emailUnsubscribeRoutes } from './unsubscribe-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'outbox',
  publicRoutes: [emailUnsubscribeRoutes],
  demoRoutes: [devOutboxRoutes],
  jobs: [outboxDeliveryJob],
};
