import type { CreateTicket, ticketListResponseSchema, ticketResponseSchema } from '@bluepeak/core/tickets';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';

// Messages: the client's support tickets; reads are `…Query` options, writes are functions named
// for what they do (lib/api-client.ts). Keys sit under ['client'] so log-out forgets them;
// a change also refreshes the client record, whose unread counts drive the sidebar badge.
export const ticketKeys = {
  all: [...clientQueryKeys.all, 'tickets'] as const,
  list: (page: number) => [...clientQueryKeys.all, 'tickets', 'list', page] as const,
  one: (id: string) => [...clientQueryKeys.all, 'tickets', id] as const,
};

type TicketPage = z.infer<typeof ticketListResponseSchema>;
type TicketResponse = z.infer<typeof ticketResponseSchema>;

export const ticketListQuery = (page: number) =>
  queryOptions({
    queryKey: ticketKeys.list(page),
    queryFn: ({ signal }) => apiRequest<TicketPage>(`/client/tickets?page=${page}&limit=20`, { signal }),
  });

export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) =>
      apiRequest<TicketResponse>(`/client/tickets/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.data,
  });

export const openTicket = (body: CreateTicket, idempotencyKey: string) =>
  apiRequest<TicketResponse>('/client/tickets', { method: 'POST', body, idempotencyKey });

export const replyToTicket = (
  id: string,
  body: { message: string; attachments?: unknown[] },
  idempotencyKey: string,
) =>
  apiRequest<TicketResponse>(`/client/tickets/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body,
    idempotencyKey,
  });

export const ticketAttachmentUrl = (id: string, attachmentId: string) =>
  `/api/client/tickets/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}`;

export const changeTicket = (id: string, action: 'read' | 'close' | 'reopen') =>
  apiRequest<TicketResponse>(`/client/tickets/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
