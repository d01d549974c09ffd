import type {
  acceptedInvitationAnswerSchema,
  invitationAnswerSchema,
  invitedOperatorAnswerSchema,
  OperatorSummary,
  operatorAnswerSchema,
  operatorListSchema,
} from '@bluepeak/core/backoffice';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The calls for operator management (list, invite, deactivate) and for an invitee's first
// visit (read the invitation, accept it). Answers are typed from core's schemas.
export type { OperatorSummary };
export type InvitedOperator = z.infer<typeof invitedOperatorAnswerSchema>['data'];

export const operatorKeys = { all: ['backoffice', 'operators'] as const };

export const operatorsQuery = queryOptions({
  queryKey: operatorKeys.all,
  queryFn: ({ signal }) => backoffice<z.infer<typeof operatorListSchema>>('/operators', { signal }),
  select: (answer) => answer.data,
});

export const inviteOperator = (body: { email: string; name: string; roles: string[] }) =>
  backoffice<z.infer<typeof invitedOperatorAnswerSchema>>('/operators', { method: 'POST', body });

export const deactivateOperator = (id: string, reason: string) =>
  backoffice<z.infer<typeof operatorAnswerSchema>>(`/operators/${id}/deactivate`, {
    method: 'POST',
    body: { reason },
  });

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['backoffice', 'invitation', token],
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof invitationAnswerSchema>>(invitationPath(token), { signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
    retry: false,
  });

export const acceptInvitation = (
  token: string,
  body: { password: string; password_confirmation: string; code: string },
) =>
  backoffice<z.infer<typeof acceptedInvitationAnswerSchema>>(`${invitationPath(token)}/accept`, {
    method: 'POST',
    body,
  });
