// A client's saved payees per payment type, added or changed only after strong customer
// authentication, and the checks any payee's details pass (a saved one's, a payment's).

import type { ModuleManifest } from '../../lib/module-manifest';
import { clientRecipientRoutes } from './recipient-routes';

export { saveConfirmedPayee } from './manage-recipients';
export { clientRecipientRoutes } from './recipient-routes';
export { findActiveRecipient, type RecipientRow } from './recipient-rows';
export { type ResolvedPayee, resolvePayee } from './resolve-payee';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'recipients',
  routes: [clientRecipientRoutes],
};
