import { type BackofficePermission, hasPermission } from '@bluepeak/core/backoffice';
import type { preValidationHookHandler } from 'fastify';
import type { Database } from '../../db/database';
import { actingOperator, operatorActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { callerOperatorId } from '../auth';
import { findOperatorById } from './operator-rows';

// Back-office roles (docs/requirements/onboarding.md and docs/requirements/back-office.md):
// compliance reviews applications, payments runs payment operations, support reads client data to
// help them, admin may do everything. The table of who may do what lives in core, so the web app
// hides exactly what the API refuses.

/**
 * preValidation for every back-office route that needs a role: 403 unless the calling
 * operator's roles grant `permission`. It runs before the body and the path are validated, so
 * a refused role gets 403 whatever it sends, never a 400 that describes the route's input.
 * The denial is logged and written to the audit log (ASVS 16.3.2), so a support agent trying
 * to move money leaves a trace.
 */
export function requirePermission(db: Database, permission: BackofficePermission): preValidationHookHandler {
  return async (request) => {
    const operatorId = callerOperatorId(request);
    const roles = (await findOperatorById(db, operatorId))?.roles ?? [];
    if (hasPermission(roles, permission)) return;
    request.log.warn({ operator: operatorId, permission }, 'operator role refused');
    await writeAuditEntry(db, {
      ...operatorActor(actingOperator(operatorId, request)),
      action: 'operator.permission_denied',
      objectType: 'route',
      objectId: request.routeOptions.url ?? request.url,
      details: { permission, method: request.method },
    });
    throw new AppError('forbidden_role', 'Your role does not allow this');
  };
}
