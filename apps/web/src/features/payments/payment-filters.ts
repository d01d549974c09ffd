import { type PaymentListQuery, paymentStatuses, paymentTypes } from '@bluepeak/core/payments';

// The history's filters live in the address (?status=…&page=2), so a filtered list can be
// shared, reloaded and left with the back button. Unknown values are dropped, not sent.
export type PaymentFilters = Partial<Omit<PaymentListQuery, 'limit'>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): PaymentFilters {
  const filters: PaymentFilters = {};
  const status = params.get('status');
  if (status && (paymentStatuses as readonly string[]).includes(status))
    filters.status = status as PaymentFilters['status'];
  const type = params.get('type');
  if (type && (paymentTypes as readonly string[]).includes(type))
    filters.type = type as PaymentFilters['type'];
  const account = params.get('account_id');
  if (account) filters.account_id = account;
  const from = params.get('date_from');
  if (from && DATE.test(from)) filters.date_from = from;
  const to = params.get('date_to');
  if (to && DATE.test(to)) filters.date_to = to;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 70);
  const page = Number.parseInt(params.get('page') ?? '', 10);
  if (Number.isSafeInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** A filter changed: the others stay, and the list starts again at page 1. */
export function withFilter(
  filters: PaymentFilters,
  name: keyof PaymentFilters,
  value: string | number | undefined,
) {
  const next: Record<string, string> = {};
  for (const [key, current] of Object.entries({
    ...filters,
    page: name === 'page' ? value : undefined,
    [name]: value,
  })) {
    if (current !== undefined && current !== '' && !(key === 'page' && Number(current) <= 1))
      next[key] = String(current);
  }
  return next;
}
