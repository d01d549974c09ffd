import type { PaymentListQuery } from '@bluepeak/core/payments';
import type { LaggingReader } from '../../db/database';
import { clientPaymentFilter, countClientPayments, listClientPaymentPage } from './payment-list-rows';
import type { PaymentRow } from './payment-rows';

// The client's payment history (docs/requirements/payments.md), filtered and paginated
// (payment-list-rows.ts), with the total the filter matches.
export async function listClientPayments(
  db: LaggingReader,
  clientId: string,
  query: PaymentListQuery,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const filter = clientPaymentFilter(clientId, query);
  // The count and the page at once: on PostgreSQL two pooled connections, one round trip of wait.
  const [count, rows] = await Promise.all([
    countClientPayments(db, filter),
    listClientPaymentPage(db, filter, query.limit, (query.page - 1) * query.limit),
  ]);
  return { rows, total: count?.n ?? 0 };
}
