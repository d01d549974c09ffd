import type { ImportStatusResult, PaymentFile, PaymentRailChannel } from '@bluepeak/core/payments';
import { queryOptions } from '@tanstack/react-query';
import { backoffice, backofficeKeys } from '../../lib/api';

// The back office's calls for ISO 20022 files: the rails' channels, the pain.001 files written
// for the partner bank and the pain.002 status reports imported back. Answers are typed from
// core's schemas. A file changes payments' statuses, so its keys sit under the payments' own.
export type { ImportStatusResult, PaymentFile, PaymentRailChannel };
export type FileRail = 'sepa' | 'swift';

export const paymentFileKeys = {
  payments: backofficeKeys.payments,
  rails: [...backofficeKeys.payments, 'rails'] as const,
  files: [...backofficeKeys.payments, 'files'] as const,
};

export const railsQuery = queryOptions({
  queryKey: paymentFileKeys.rails,
  queryFn: ({ signal }) => backoffice<{ data: PaymentRailChannel[] }>('/payment-rails', { signal }),
  select: (answer) => answer.data,
});

export const setRailChannel = (rail: FileRail, channel: 'simulator' | 'file') =>
  backoffice(`/payment-rails/${rail}`, { method: 'PUT', body: { channel } });

export const filesQuery = queryOptions({
  queryKey: paymentFileKeys.files,
  queryFn: ({ signal }) => backoffice<{ data: PaymentFile[] }>('/payment-files', { signal }),
  select: (answer) => answer.data,
});

export const createPaymentFile = (rail: FileRail) =>
  backoffice<{ data: PaymentFile }>('/payment-files', { method: 'POST', body: { rail } });

export const importStatusReport = (xml: string) =>
  backoffice<{ data: ImportStatusResult }>('/payment-files/status', { method: 'POST', body: { xml } });

/** Same-origin GET: the session cookie goes along, and the server names the file. */
export const paymentFileXmlUrl = (id: string) => `/api/backoffice/payment-files/${id}/xml`;
