// The API's own status: the health check for load balancers and the build's meta data.
// It owns no table.

import type { ModuleManifest } from '../../lib/module-manifest';
import { healthRoutes } from './health-routes';
import { metaRoutes } from './meta-routes';

export { healthRoutes } from './health-routes';
export { metaRoutes } from './meta-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'meta',
  publicRoutes: [healthRoutes, metaRoutes],
};
