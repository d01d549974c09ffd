import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { useMeta } from '../../../lib/queries/meta';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { type Account, recordIncomingPayment } from './api';
import { parseAmount } from './money-input';

const RAILS = { EUR: ['sepa', 'swift'], GBP: ['faster_pay', 'swift'] } as Record<string, string[]>;

/** An incoming payment as the bank reported it, to one of the client's accounts. */
export function IncomingPaymentDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const rails = RAILS[account.currency] ?? ['swift'];
  const countryOptions = useMeta().countries.map((country) => ({
    value: country.code,
    label: `${country.name} (${country.code})`,
  }));
  const [form, setForm] = useState({
    amount: '',
    rail: rails[0] ?? 'swift',
    payer_name: '',
    payer_country: '',
    bank_reference: '',
  });
  // One key per submission (lib/idempotency-key.ts): a retry after a lost answer replays
  // instead of crediting twice. A refusal is the catalogue's snackbar.
  const amount = parseAmount(form.amount, account.currency);
  const { mutation: record, send } = useIdempotentMutation({
    request: recordIncomingPayment,
    silent: false,
    onSuccess: async (answer) => {
      // Past the 24-hour limit of what one operator credits alone, it waits for a second operator.
      showInfo(t(answer.data.status === 'pending' ? 'money.incoming_pending' : 'money.incoming_recorded'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  const set = (name: keyof typeof form) => (value: string | null) =>
    setForm((current) => ({ ...current, [name]: value ?? '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null) return;
    const body = {
      iban: account.iban,
      currency: account.currency,
      amount,
      rail: form.rail,
      payer_name: form.payer_name.trim(),
      payer_country: form.payer_country,
      bank_reference: form.bank_reference.trim(),
    };
    send(body);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('money.incoming_title', { currency: account.currency })}
      size="lg"
    >
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            {t('money.to_iban')}: <strong>{account.iban}</strong>
          </Text>
          <TextInput
            label={t('money.amount', { currency: account.currency })}
            inputMode="decimal"
            required
            value={form.amount}
            error={form.amount && amount === null ? t('money.amount_invalid') : undefined}
            onChange={(event) => set('amount')(event.currentTarget.value)}
          />
          <Select
            label={t('money.rail')}
            data={rails.map((rail) => ({ value: rail, label: t(`rails.${rail}` as 'rails.sepa') }))}
            value={form.rail}
            onChange={set('rail')}
            allowDeselect={false}
          />
          <TextInput
            label={t('money.payer_name')}
            required
            maxLength={140}
            value={form.payer_name}
            onChange={(event) => set('payer_name')(event.currentTarget.value)}
          />
          <Select
            label={t('money.payer_country')}
            description={t('money.payer_country_hint')}
            data={countryOptions}
            searchable
            required
            value={form.payer_country || null}
            onChange={set('payer_country')}
          />
          <TextInput
            label={t('money.bank_reference')}
            description={t('money.bank_reference_hint')}
            required
            maxLength={35}
            value={form.bank_reference}
            onChange={(event) => set('bank_reference')(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              loading={record.isPending}
              disabled={
                amount === null ||
                !form.payer_name.trim() ||
                !form.payer_country ||
                !form.bank_reference.trim()
              }
            >
              {t('money.record_incoming')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
