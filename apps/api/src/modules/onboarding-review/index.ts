// The back office's review of applicants: the applications queue, a client's file and documents,
// and the decisions on applications and identifications.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeDecisionRoutes } from './decision-routes';
import { backofficeOnboardingRoutes } from './onboarding-review-routes';

export { backofficeDecisionRoutes } from './decision-routes';
export { onClientApproved } from './on-client-approved';
export { backofficeOnboardingRoutes } from './onboarding-review-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'onboarding-review',
  routes: [backofficeOnboardingRoutes, backofficeDecisionRoutes],
};
