export { clientNotificationRoutes } from './notification-routes';
export { notificationText, notifyClient } from './notify-client';
export { notifyIncomingPayment } from './notify-incoming-payment';
