import { parseMoneyInput } from '@bluepeak/core/money';
import { currencyExponent } from '@bluepeak/core/reference';
import { Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../../lib/notify';
import { recordReconciliation, reportKeys } from './api';

/** Records the day's reconciliation with the balances the safeguarding bank reports. */
export function RecordReconciliation({ date, currencies }: { date: string; currencies: string[] }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [bank, setBank] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  // Amounts are typed as people write them ("1 234.50") and parsed without floats.
  const parsed = currencies.map((currency) => {
    const text = bank[currency]?.trim() ?? '';
    if (text === '') return { currency, amount: null, error: false };
    const result = parseMoneyInput(text, currencyExponent(currency));
    return { currency, amount: result.ok ? result.amount : null, error: !result.ok };
  });
  const invalid = parsed.some((line) => line.error);
  const record = useMutation({
    mutationFn: () =>
      recordReconciliation({
        date,
        bank_balances: parsed.flatMap((line) =>
          line.amount === null ? [] : [{ currency: line.currency, amount: line.amount }],
        ),
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async () => {
      showInfo(t('reporting.recorded'));
      await queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
  return (
    <Stack mt="md" gap="sm">
      <Title order={3} fz="h5">
        {t('reporting.record_title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('reporting.record_intro')}
      </Text>
      <Group align="flex-start">
        {parsed.map((line) => (
          <TextInput
            key={line.currency}
            label={t('reporting.bank_balance', { currency: line.currency })}
            inputMode="decimal"
            value={bank[line.currency] ?? ''}
            error={line.error ? t('reporting.amount_invalid') : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setBank((current) => ({ ...current, [line.currency]: value }));
            }}
            w={200}
          />
        ))}
      </Group>
      <Textarea
        label={t('reporting.note')}
        value={note}
        maxLength={1000}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={() => record.mutate()} loading={record.isPending} disabled={invalid}>
          {t('reporting.record')}
        </Button>
      </Group>
    </Stack>
  );
}
