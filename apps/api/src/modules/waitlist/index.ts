// The payment card waiting list: an address joins once, with consent, from the public site.
// It owns card_waitlist.

export { cardWaitlistRoutes } from './waitlist-routes';
