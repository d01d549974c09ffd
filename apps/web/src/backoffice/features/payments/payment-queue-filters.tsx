import { type PaymentStatus, paymentStatuses } from '@bluepeak/core/payments';
import { Button, Group, Select, Switch, Tabs, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type QueueFilters, queueRails } from './api';

type FilterName = 'rail' | 'status' | 'on_hold' | 'q' | 'page';

/** The queue's filters as the address holds them; anything unknown is left out. */
export function readFilters(params: URLSearchParams): QueueFilters {
  const rail = params.get('rail') ?? '';
  const status = params.get('status') ?? '';
  return {
    rail: (queueRails as readonly string[]).includes(rail) ? rail : undefined,
    status: (paymentStatuses as readonly string[]).includes(status) ? status : undefined,
    onHold: params.get('on_hold') === 'true',
    q: params.get('q')?.trim() || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** Rail tabs, the status (with each one's count), a text search and the on-hold switch. */
export function PaymentQueueFilters({ counts }: { counts: Record<PaymentStatus, number> | undefined }) {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q ?? '');

  /** Changes some filters and goes back to the first page. */
  const update = (changes: Partial<Record<FilterName, string>>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <>
      <Tabs
        value={filters.rail ?? 'all'}
        onChange={(value) => update({ rail: value === 'all' ? '' : (value ?? '') })}
      >
        <Tabs.List aria-label={t('payments.rail_label')}>
          <Tabs.Tab value="all">{t('payments.rail_all')}</Tabs.Tab>
          {queueRails.map((rail) => (
            <Tabs.Tab key={rail} value={rail}>
              {t(`payments.rails.${rail}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('payments.status_label')}
          w={240}
          maw="100%"
          value={filters.status ?? 'all'}
          allowDeselect={false}
          data={[
            { value: 'all', label: t('payments.status_all') },
            ...paymentStatuses.map((status) => ({
              value: status,
              label: counts
                ? t('payments.status_count', {
                    status: t(`payments.status.${status}`),
                    count: counts[status],
                  })
                : t(`payments.status.${status}`),
            })),
          ]}
          onChange={(value) => update({ status: value === 'all' ? '' : (value ?? '') })}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: search.trim() });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('payments.search')}
              placeholder={t('payments.search_hint')}
              maxLength={70}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={280}
              maw="calc(100vw - 140px)"
            />
            <Button type="submit" variant="default">
              {t('payments.search_submit')}
            </Button>
          </Group>
        </form>
        <Switch
          label={t('payments.on_hold_only')}
          checked={filters.onHold}
          onChange={(event) => update({ on_hold: event.currentTarget.checked ? 'true' : '' })}
          mb={8}
        />
      </Group>
    </>
  );
}
