import { incomingPaymentSchema } from '@bluepeak/core/backoffice';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage } from '../../../components/form-message';
import { useMeta } from '../../../lib/queries/meta';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { useSchemaForm } from '../../../lib/use-schema-form';
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
  // The API's own rules for each field; the amount is typed in the currency's units.
  const schema = useMemo(
    () =>
      incomingPaymentSchema
        .pick({ rail: true, payer_name: true, payer_country: true, bank_reference: true })
        .extend({
          amount: z.string().transform((text, context) => {
            const minor = parseAmount(text, account.currency);
            if (minor === null) context.addIssue({ code: 'custom', message: t('money.amount_invalid') });
            return minor ?? 0;
          }),
        }),
    [account.currency, t],
  );
  const form = useSchemaForm(schema, {
    amount: '',
    rail: rails[0] ?? 'swift',
    payer_name: '',
    payer_country: '',
    bank_reference: '',
  });
  // One key per submission (lib/idempotency-key.ts, through useFormMutation): a retry after a
  // lost answer replays instead of crediting twice.
  const {
    mutation: record,
    submit,
    message,
  } = useFormMutation(form, {
    request: (values, key) =>
      recordIncomingPayment({ iban: account.iban, currency: account.currency, ...values }, key),
    onSuccess: async (answer) => {
      // Past the 24-hour limit of what one operator credits alone, it waits for a second operator.
      showInfo(t(answer.data.status === 'pending' ? 'money.incoming_pending' : 'money.incoming_recorded'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('money.incoming_title', { currency: account.currency })}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {t('money.to_iban')}: <strong>{account.iban}</strong>
          </Text>
          <TextInput
            label={t('money.amount', { currency: account.currency })}
            inputMode="decimal"
            required
            {...form.text('amount')}
          />
          <Select
            label={t('money.rail')}
            data={rails.map((rail) => ({ value: rail, label: t(`rails.${rail}` as 'rails.sepa') }))}
            value={form.values.rail}
            onChange={(rail) => form.setValue('rail', rail ?? form.values.rail)}
            error={form.errors.rail}
            allowDeselect={false}
          />
          <TextInput label={t('money.payer_name')} required maxLength={140} {...form.text('payer_name')} />
          <Select
            label={t('money.payer_country')}
            description={t('money.payer_country_hint')}
            data={countryOptions}
            searchable
            required
            value={form.values.payer_country || null}
            onChange={(country) => form.setValue('payer_country', country ?? '')}
            error={form.errors.payer_country}
          />
          <TextInput
            label={t('money.bank_reference')}
            description={t('money.bank_reference_hint')}
            required
            maxLength={35}
            {...form.text('bank_reference')}
          />
          <FormMessage message={message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {t('money.record_incoming')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
