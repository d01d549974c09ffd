import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';

// Back-office roles (issue 4): compliance reviews applications, payments runs payment
// operations, support reads client data to help them, admin may do everything.
export const operatorRoles = ['compliance', 'payments', 'support', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** Who may do what in onboarding; admin is added to every list. */
export const onboardingPermissions = {
  viewApplications: ['compliance', 'support'],
  viewDocuments: ['compliance'],
  decide: ['compliance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** preHandler: 403 unless the operator holds one of the roles (or admin); every denial is logged. */
export function requireRole(
  allowed: readonly OperatorRole[],
  rolesOf: (request: FastifyRequest) => Promise<readonly string[]>,
): preHandlerHookHandler {
  return async (request) => {
    const roles = await rolesOf(request);
    if (roles.includes('admin') || allowed.some((role) => roles.includes(role))) return;
    request.log.warn(
      { operator: request.operatorSession?.principal.id, need: allowed },
      'operator role refused',
    );
    throw new AppError(403, 'forbidden_role', 'Your role does not allow this');
  };
}
