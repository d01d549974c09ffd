export { cardWaitlistRoutes } from './waitlist-routes';
