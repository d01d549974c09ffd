// The dashboard's notifications: written by other modules for a client (notifyClient), listed
// and marked read by the client.

export { clientNotificationRoutes } from './notification-routes';
export { type NotifyClientInput, notificationText, notifyClient } from './notify-client';
export { incomingPaymentNotice, notifyIncomingPayment } from './notify-incoming-payment';
