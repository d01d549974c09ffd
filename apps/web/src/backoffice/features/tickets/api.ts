import type {
  backofficeTicketListResponseSchema,
  backofficeTicketResponseSchema,
  TicketStatus,
} from '@bluepeak/core/tickets';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The back office's calls for clients' messages: the queue by status, one conversation, an
// answer and closing. Answers are typed from core's schemas.
type TicketList = z.infer<typeof backofficeTicketListResponseSchema>;
type TicketAnswer = z.infer<typeof backofficeTicketResponseSchema>;

const PAGE_SIZE = 20;
const path = (id: string) => `/tickets/${encodeURIComponent(id)}`;

export const ticketKeys = {
  all: ['backoffice', 'tickets'] as const,
  list: (status: TicketStatus, page: number) => ['backoffice', 'tickets', status, page] as const,
  one: (id: string) => ['backoffice', 'tickets', id] as const,
};

export const ticketsQuery = (status: TicketStatus, page: number) =>
  queryOptions({
    queryKey: ticketKeys.list(status, page),
    queryFn: ({ signal }) =>
      backoffice<TicketList>(`/tickets?status=${status}&page=${page}&limit=${PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) => backoffice<TicketAnswer>(path(id), { signal }),
    select: (answer) => answer.data,
  });

export const answerTicket = (id: string, message: string, attachments: unknown[] = []) =>
  backoffice<TicketAnswer>(`${path(id)}/messages`, {
    method: 'POST',
    body: attachments.length > 0 ? { message, attachments } : { message },
  });

/** A file of the conversation, downloaded with the operator's session cookie. */
export const ticketAttachmentUrl = (id: string, attachmentId: string) =>
  `/api/backoffice${path(id)}/attachments/${encodeURIComponent(attachmentId)}`;

export const closeTicket = (id: string) => backoffice<TicketAnswer>(`${path(id)}/close`, { method: 'POST' });
