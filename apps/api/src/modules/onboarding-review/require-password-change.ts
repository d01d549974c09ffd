import type { ClientRequirementInput } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { endAllSessions } from '../auth';
import { requirePasswordChangeOf } from '../clients';
import { recordClientRequirement } from './record-client-requirement';
import type { Reviewer } from './record-review';
import { clientForRequirement } from './requirement-client';

/**
 * A compliance officer requires a client to change their password (docs/requirements/onboarding.md, forced
 * redirect 5). The open sessions end, so the next page the client sees after logging in is
 * the password-change page, and a session someone else may hold stops at once. The client's
 * own password change (setClientPassword) clears the flag.
 */
export async function requirePasswordChange(
  tx: Queryable,
  clientId: string,
  request: ClientRequirementInput,
  reviewer: Reviewer,
): Promise<void> {
  const client = await clientForRequirement(tx, clientId, 'require_password_change');
  await requirePasswordChangeOf(tx, client.id, reviewer.now);
  await endAllSessions(tx, { type: 'client', id: client.id }, 'revoked', reviewer.now);
  await recordClientRequirement(tx, {
    reviewer,
    client,
    action: 'password_change_required',
    reason: request.reason,
    notificationKind: 'data_update_requested',
    message: {
      subject: 'please change your password',
      body: 'For your security we have logged you out. Please log in and choose a new password before you continue.',
    },
  });
}
