export { backofficeTicketRoutes } from './backoffice-ticket-routes';
export { clientTicketRoutes } from './client-ticket-routes';
export { unreadTicketCounts } from './ticket-rows';
