// The payment card waiting list: an address joins once, with consent, from the public site.
// It owns card_waitlist.

import type { ModuleManifest } from '../../lib/module-manifest';
import { cardWaitlistRoutes } from './waitlist-routes';

export { cardWaitlistRoutes } from './waitlist-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'waitlist',
  publicRoutes: [cardWaitlistRoutes],
};
