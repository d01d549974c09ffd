import { AppError } from '../../lib/app-error';
import type { ClientRow } from './client-rows';

// Who may change which settings (docs/requirements/settings.md): any client past phone
// verification, at any time after that; the company's pages only for a business client. The
// refusal is a 409, not a 403: the web app ends the session on a 403 (docs/error-catalogue.md).
export function assertMayChangeSettings(client: ClientRow, scope: 'person' | 'company'): void {
  if (client.status === 'NEW') throw new AppError('phone_not_verified', 'Please verify your phone first');
  if (client.status === 'DEACTIVATED') throw new AppError('invalid_status', 'This account is closed');
  if (scope === 'company' && client.type !== 'CORPORATE') {
    throw new AppError('business_clients_only', 'Only business clients have company settings');
  }
}
