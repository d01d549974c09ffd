// Back-office operators: their principals, roles and permissions, invitations and management.
// Who may call each back-office route is decided here (requirePermission).

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeAuthRoutes } from './backoffice-login-routes';
import { backofficeInvitationRoutes } from './invitation-routes';
import { backofficeOperatorRoutes } from './operator-routes';

export { backofficeAuthRoutes } from './backoffice-login-routes';
export { createOperator } from './create-operator';
export { backofficeInvitationRoutes } from './invitation-routes';
export { requirePermission } from './operator-role-guard';
export { backofficeOperatorRoutes } from './operator-routes';
export { operatorLoginAccounts } from './operator-rows';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'operators',
  routes: [backofficeAuthRoutes, backofficeInvitationRoutes, backofficeOperatorRoutes],
};
