// Back-office operators: their principals, roles and permissions, invitations and management.
// Who may call each back-office route is decided here (requirePermission).

export { backofficeAuthRoutes } from './backoffice-login-routes';
export { createOperator } from './create-operator';
export { backofficeInvitationRoutes } from './invitation-routes';
export { requirePermission } from './operator-role-guard';
export { backofficeOperatorRoutes } from './operator-routes';
export { operatorLoginAccounts } from './operator-rows';
