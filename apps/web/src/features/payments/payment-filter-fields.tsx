import { paymentStatuses, paymentTypes } from '@bluepeak/core/payments';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import type { CurrencyAccount } from '../../lib/queries/account-groups';
import type { PaymentFilters, withFilter } from './payment-filters';

type SetFilter = (name: Parameters<typeof withFilter>[1], value: string | number | undefined) => void;

/** The history's filters: status, type, account, dates and a text search (typed, then sent). */
export function PaymentFilterFields({
  filters,
  accounts,
  set,
}: {
  filters: PaymentFilters;
  accounts: CurrencyAccount[];
  set: SetFilter;
}) {
  const { t } = useTranslation('payments');
  const setText = useDebouncedCallback((value: string) => set('q', value.trim() || undefined), 400);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <Select
        label={t('history.status')}
        clearable
        data={paymentStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={filters.status ?? null}
        onChange={(value) => set('status', value ?? undefined)}
      />
      <Select
        label={t('history.type')}
        clearable
        data={paymentTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
        value={filters.type ?? null}
        onChange={(value) => set('type', value ?? undefined)}
      />
      <Select
        label={t('history.account')}
        clearable
        data={accounts.map((account) => ({
          value: account.id,
          label: `${account.name} (${account.currency.code})`,
        }))}
        value={filters.account_id ?? null}
        onChange={(value) => set('account_id', value ?? undefined)}
      />
      <DateField
        label={t('history.date_from')}
        value={filters.date_from ?? ''}
        onChange={(day) => set('date_from', day || undefined)}
      />
      <DateField
        label={t('history.date_to')}
        value={filters.date_to ?? ''}
        onChange={(day) => set('date_to', day || undefined)}
      />
      <TextInput
        label={t('history.search')}
        defaultValue={filters.q ?? ''}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={70}
      />
    </SimpleGrid>
  );
}
