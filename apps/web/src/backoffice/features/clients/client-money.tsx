import { parseMoneyInput } from '@bluepeak/core/money';
import { countries, currencyByCode } from '@bluepeak/core/reference';
import { Button, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { backoffice, type ClientDetail, type Permissions } from '../../lib/api';
import { showInfo } from '../../lib/notify';

type Account = ClientDetail['accounts'][number];
const RAILS = { EUR: ['sepa', 'swift'], GBP: ['faster_pay', 'swift'] } as Record<string, string[]>;
const countryOptions = countries.map((country) => ({
  value: country.code,
  label: `${country.name} (${country.code})`,
}));

function parseAmount(text: string, currency: string) {
  const result = parseMoneyInput(text.trim(), currencyByCode(currency)?.exponent ?? 2);
  return result.ok && result.amount > 0 ? result.amount : null;
}

// A client's accounts with their balances, and the payments operators' two money actions:
// an incoming payment as the bank reported it, and a manual adjustment for a second operator
// to approve.
export function ClientMoney({
  clientId,
  accounts,
  permissions,
}: {
  clientId: string;
  accounts: Account[];
  permissions: Permissions | undefined;
}) {
  const { t } = useTranslation('backoffice');
  const [incoming, setIncoming] = useState<Account | null>(null);
  const [adjusting, setAdjusting] = useState<Account | null>(null);
  if (accounts.length === 0) return <Text c="dimmed">{t('money.no_accounts')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table className="tabular-figures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('money.account')}</Table.Th>
              <Table.Th>{t('money.iban')}</Table.Th>
              <Table.Th ta="right">{t('money.balance')}</Table.Th>
              <Table.Th ta="right">{t('money.available')}</Table.Th>
              <Table.Th>{t('money.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>{account.name}</Table.Td>
                <Table.Td>{account.iban}</Table.Td>
                <Table.Td ta="right" data-testid={`balance-${account.currency}`}>
                  <Money amount={account.balance} currency={account.currency} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={account.available} currency={account.currency} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {permissions?.recordIncomingPayment && (
                      <Button size="xs" variant="default" onClick={() => setIncoming(account)}>
                        {t('money.record_incoming')}
                      </Button>
                    )}
                    {permissions?.proposeAdjustment && (
                      <Button size="xs" variant="default" onClick={() => setAdjusting(account)}>
                        {t('money.propose_adjustment')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {incoming && <IncomingPaymentDialog account={incoming} onClose={() => setIncoming(null)} />}
      {adjusting && (
        <AdjustmentDialog clientId={clientId} account={adjusting} onClose={() => setAdjusting(null)} />
      )}
    </>
  );
}

function IncomingPaymentDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const rails = RAILS[account.currency] ?? ['swift'];
  const [form, setForm] = useState({
    amount: '',
    rail: rails[0] ?? 'swift',
    payer_name: '',
    payer_country: '',
    bank_reference: '',
  });
  // One key per submission (lib/idempotency-key.ts): a retry after a lost answer replays
  // instead of crediting twice.
  const idempotency = useIdempotencyKey();
  const amount = parseAmount(form.amount, account.currency);
  const record = useMutation({
    mutationFn: ({ body, key }: { body: Record<string, unknown>; key: string }) =>
      backoffice<{ data: { status: 'booked' | 'pending' } }>('/incoming_payments', {
        method: 'POST',
        idempotencyKey: key,
        body,
      }),
    onSuccess: async (answer) => {
      idempotency.reset();
      // Above the approval threshold the credit waits for a second operator.
      showInfo(t(answer.data.status === 'pending' ? 'money.incoming_pending' : 'money.incoming_recorded'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['backoffice'] });
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
    record.mutate({ body, key: idempotency.keyFor(body) });
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

function AdjustmentDialog({
  clientId,
  account,
  onClose,
}: {
  clientId: string;
  account: Account;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const amount = parseAmount(amountText, account.currency);
  const propose = useMutation({
    mutationFn: () =>
      backoffice('/adjustments', {
        method: 'POST',
        body: { client_id: clientId, currency: account.currency, direction, amount, reason: reason.trim() },
      }),
    onSuccess: async () => {
      showInfo(t('money.adjustment_proposed'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['backoffice'] });
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('money.adjustment_title', { currency: account.currency })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (amount !== null && reason.trim().length >= 10) propose.mutate();
        }}
      >
        <Stack>
          <Text size="sm">{t('money.four_eyes')}</Text>
          <Select
            label={t('money.direction')}
            data={[
              { value: 'credit', label: t('money.credit') },
              { value: 'debit', label: t('money.debit') },
            ]}
            value={direction}
            onChange={(value) => setDirection(value === 'debit' ? 'debit' : 'credit')}
            allowDeselect={false}
          />
          <TextInput
            label={t('money.amount', { currency: account.currency })}
            inputMode="decimal"
            required
            value={amountText}
            error={amountText && amount === null ? t('money.amount_invalid') : undefined}
            onChange={(event) => setAmountText(event.currentTarget.value)}
          />
          <Textarea
            label={t('record.reason')}
            description={t('money.reason_hint')}
            required
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              loading={propose.isPending}
              disabled={amount === null || reason.trim().length < 10}
            >
              {t('money.propose_adjustment')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
