import type { BackofficeDeactivation } from '@bluepeak/core/deactivation';
import { ApiError } from '../../../lib/api-client';
import { backoffice } from '../../lib/api';

/**
 * The client's deactivation request, or null when the client has made none: the API answers
 * that with 404 `not_found`, which here is the ordinary "no request" and not a failure.
 */
export async function readDeactivationRequest(
  clientId: string,
  signal?: AbortSignal,
): Promise<BackofficeDeactivation | null> {
  try {
    const answer = await backoffice<{ data: BackofficeDeactivation }>(
      `/deactivations/${encodeURIComponent(clientId)}`,
      { signal },
    );
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
