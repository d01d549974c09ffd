import type { FeeRun, feeRunResponseSchema } from '@bluepeak/core/fees';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice, type Page } from '../../lib/api';

// The month's fee run (GET /api/backoffice/fee_runs): what each client was charged and still
// owes. The answer is one whole month, shown as a single page of the back office's lists.
export type FeeRunClient = FeeRun['clients'][number] & { finished_at: string | null };

/** Amounts summed per currency, in the order the currencies first appear. */
export type Sums = Map<string, number>;

export const feeRunKeys = {
  month: (month: string) => ['backoffice', 'fee_runs', month] as const,
};

export const feeRunQuery = (month: string) =>
  queryOptions({
    queryKey: feeRunKeys.month(month),
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof feeRunResponseSchema>>(`/fee_runs?${new URLSearchParams({ month })}`, {
        signal,
      }),
    select: (answer): Page<FeeRunClient> => {
      const clients = answer.data.clients.map((client) => ({
        ...client,
        finished_at: answer.data.finished_at,
      }));
      return {
        data: clients,
        meta: { page: 1, limit: clients.length, total: clients.length, total_pages: 1 },
      };
    },
    enabled: /^\d{4}-(0[1-9]|1[0-2])$/.test(month),
  });

/** A client's (or the whole run's) fees of one status, summed per currency. */
export function sumFees(clients: FeeRun['clients'], status: 'charged' | 'owed'): Sums {
  const sums: Sums = new Map();
  for (const client of clients)
    for (const fee of client.fees)
      if (fee.status === status) sums.set(fee.currency, (sums.get(fee.currency) ?? 0) + fee.amount);
  return sums;
}

/** The month before the one of `now` (YYYY-MM, UTC): the last month a run has finished. */
export function lastMonth(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}
