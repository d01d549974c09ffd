import type {
  ledgerReportAnswerSchema,
  Reconciliation,
  RecordReconciliationInput,
  reconciliationAnswerSchema,
  recordedReconciliationListSchema,
} from '@bluepeak/core/backoffice';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// Reporting's calls: the ledger's invariant check, a day's safeguarding reconciliation,
// recording one, and the ones recorded. Answers are typed from core's schemas.
export type { Reconciliation };

export const reportKeys = {
  all: ['backoffice', 'reports'] as const,
  ledger: ['backoffice', 'reports', 'ledger'] as const,
  safeguarding: (date: string) => ['backoffice', 'reports', 'safeguarding', date] as const,
  history: ['backoffice', 'reports', 'history'] as const,
};

export const ledgerReportQuery = queryOptions({
  queryKey: reportKeys.ledger,
  queryFn: ({ signal }) =>
    backoffice<z.infer<typeof ledgerReportAnswerSchema>>('/reports/ledger', { signal }),
  select: (answer) => answer.data,
});

export const reconciliationQuery = (date: string) =>
  queryOptions({
    queryKey: reportKeys.safeguarding(date),
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof reconciliationAnswerSchema>>(`/reports/safeguarding?date=${date}`, {
        signal,
      }),
    select: (answer) => answer.data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });

export const historyQuery = queryOptions({
  queryKey: reportKeys.history,
  queryFn: ({ signal }) =>
    backoffice<z.infer<typeof recordedReconciliationListSchema>>('/reports/safeguarding/history?limit=30', {
      signal,
    }),
  select: (answer) => answer.data,
});

export const recordReconciliation = (body: Partial<RecordReconciliationInput>) =>
  backoffice<z.infer<typeof reconciliationAnswerSchema>>('/reports/safeguarding', { method: 'POST', body });
