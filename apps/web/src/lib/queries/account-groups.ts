import type { AccountGroup, accountGroupsResponseSchema } from '@bluepeak/core/accounts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../api-client';
import { clientQueryKeys } from '../client-session';

// GET /client/accounts, read by the dashboard and by payments (features never import each
// other): one key and one fetcher, so both share one cached answer. The key sits under
// ['client'] so log-out forgets it.
export const accountGroupsKey = [...clientQueryKeys.all, 'accounts'] as const;

const fetchAccountGroups = ({ signal }: { signal: AbortSignal }) =>
  apiRequest<z.infer<typeof accountGroupsResponseSchema>>('/client/accounts', { signal });

/** The client's account groups; docs/error-catalogue.md: a failed account fetch is silent. */
export const accountGroupsQuery = queryOptions({
  queryKey: accountGroupsKey,
  queryFn: fetchAccountGroups,
  select: (body): AccountGroup[] => body.data,
  meta: { silent: true },
});

/** Every currency account of every group, each with its group's IBAN (the payment forms' choice). */
export const currencyAccountsQuery = queryOptions({
  queryKey: accountGroupsKey,
  queryFn: fetchAccountGroups,
  select: (body) =>
    body.data.flatMap((group) => group.accounts.data.map((account) => ({ ...account, iban: group.iban }))),
});

/** One currency account as currencyAccountsQuery lists it. */
export type CurrencyAccount = AccountGroup['accounts']['data'][number] & { iban: AccountGroup['iban'] };
