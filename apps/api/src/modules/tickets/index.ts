// Support tickets (Messages) between a client and the back office, and their unread counts.
// It owns the tickets and their messages.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeTicketRoutes } from './backoffice-ticket-routes';
import { clientTicketRoutes } from './client-ticket-routes';

export { backofficeTicketRoutes } from './backoffice-ticket-routes';
export { clientTicketRoutes } from './client-ticket-routes';
export { addUnreadToClientRecord } from './ticket-rows';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'tickets',
  routes: [clientTicketRoutes, backofficeTicketRoutes],
};
