export { createOperator } from './create-operator';
export { backofficeInvitationRoutes } from './invitation-routes';
export { requirePermission } from './operator-role-guard';
export { backofficeOperatorRoutes } from './operator-routes';
export { operatorLoginAccounts } from './operator-rows';
