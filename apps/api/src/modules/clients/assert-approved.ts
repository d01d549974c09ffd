import { AppError } from '../../lib/app-error';
import type { ClientRow } from './client-rows';

/** Money moves only for a client whose onboarding has finished: 409 `client_not_approved` otherwise. */
export function assertApproved(client: ClientRow): void {
  if (client.status !== 'APPROVED')
    throw new AppError('client_not_approved', 'Payments are open to approved clients only');
}
