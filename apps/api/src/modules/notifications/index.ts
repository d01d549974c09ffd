// The dashboard's notifications: written by other modules for a client (notifyClient), listed
// and marked read by the client.

export { listNotifications, listUnviewedNotifications, markNotificationsViewed } from './list-notifications';
export {
  type NotifyClientInput,
  notificationInsertSql,
  notificationText,
  notifyClient,
} from './notify-client';
export { incomingPaymentNotice, notifyIncomingPayment } from './notify-incoming-payment';
