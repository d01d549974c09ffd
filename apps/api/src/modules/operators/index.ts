export { createOperator } from './create-operator';
export { backofficeInvitationRoutes } from './invitation-routes';
export { type OperatorRole, requirePermission } from './operator-roles';
export { backofficeOperatorRoutes } from './operator-routes';
export { operatorLoginAccounts } from './operator-rows';
