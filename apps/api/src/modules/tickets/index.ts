// Support tickets (Messages) between a client and the back office, and their unread counts.
// It owns the tickets and their messages.

export { backofficeTicketRoutes } from './backoffice-ticket-routes';
export { clientTicketRoutes } from './client-ticket-routes';
export { addUnreadToClientRecord } from './ticket-rows';
