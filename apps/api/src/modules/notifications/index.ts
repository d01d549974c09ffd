// The dashboard's notifications: written by other modules for a client (notifyClient), listed
// and marked read by the client.

import type { ModuleManifest } from '../../lib/module-manifest';

export { listNotifications, listUnviewedNotifications, markNotificationsViewed } from './list-notifications';
export { notificationInsertSql } from './notification-rows';
export { type NotifyClientInput, notificationText, notifyClient } from './notify-client';
export { incomingPaymentNotice, notifyIncomingPayment } from './notify-incoming-payment';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'notifications',
};
