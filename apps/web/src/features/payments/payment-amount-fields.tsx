import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PaymentCost } from './payment-cost';
import type { FeePreviewState } from './use-fee-preview';
import type { usePaymentForm } from './use-payment-form';

// The amount and currency of the new-payment form, with what the payment would cost under them.
export function PaymentAmountFields({
  form,
  currencyOptions,
  cost,
}: {
  form: ReturnType<typeof usePaymentForm>;
  currencyOptions: string[];
  cost: FeePreviewState;
}) {
  const { t } = useTranslation('payments');
  const { values, set, message } = form;
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" grow wrap="wrap">
        <TextInput
          label={t('new.amount')}
          required
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => set('amount', event.currentTarget.value)}
          error={message('amount')}
          miw={140}
          data-testid="amount"
        />
        <Select
          label={t('new.currency')}
          required
          searchable
          data={currencyOptions}
          value={values.currency || null}
          onChange={(value) => set('currency', value ?? '')}
          disabled={currencyOptions.length <= 1}
          allowDeselect={false}
          error={message('currency')}
          miw={120}
          data-testid="currency"
        />
      </Group>
      <PaymentCost cost={cost} />
    </Stack>
  );
}
