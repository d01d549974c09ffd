import { brand, currencyExponent, parseMoneyInput } from '@bluepeak/core';
import type { ProposeEscrowInput } from '@bluepeak/core/escrow';
import { escrowFeeSchedule } from '@bluepeak/core/fees';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../components/date-field';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { escrowKeys, proposeEscrow } from './api';
import { ConditionsField, type DraftCondition } from './conditions-field';
import { CounterpartyField, counterpartyOf, emptyParty } from './counterparty-field';
import { EscrowFeesTable } from './escrow-fees-table';

// /dashboard/escrow/new: propose a deal to another client, or as a buyer to a seller outside the
// institution, in any currency the client holds. The fees of the tariff are worked out as the
// amount is typed, with who pays them, before anything is sent; in another currency than the
// tariff's they are converted when the deal is proposed, and shown on the deal before funding.
export default function NewEscrowPage() {
  const { t } = useTranslation('escrow');
  usePageTitle(t('new_title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<'buyer' | 'seller'>('buyer');
  const [party, setParty] = useState(emptyParty);
  const [currency, setCurrency] = useState<string>(brand.tariff.currency);
  const held = [
    ...new Set((useQuery(currencyAccountsQuery).data ?? []).map((account) => account.currency.code)),
  ];
  const [amount, setAmount] = useState<number | string>('');
  const [title, setTitle] = useState('');
  const [buyerDeliverables, setBuyerDeliverables] = useState('');
  const [sellerDeliverables, setSellerDeliverables] = useState('');
  const [deadline, setDeadline] = useState('');
  const [standard, setStandard] = useState(true);
  const [conditions, setConditions] = useState<DraftCondition[]>([{ description: '', presenter: 'seller' }]);
  const exponent = currencyExponent(currency);
  // Read as text, never through a float: "0.29" must be 29 cents, not 28.999....
  const typed = parseMoneyInput(String(amount ?? '').trim(), exponent);
  const minor = typed.ok ? typed.amount : 0;
  const body = (): ProposeEscrowInput => ({
    role,
    counterparty: counterpartyOf(party, role),
    amount: minor,
    currency,
    title,
    buyer_deliverables: buyerDeliverables,
    seller_deliverables: sellerDeliverables,
    // An outside seller has no dashboard: the buyer presents every condition.
    conditions:
      party.outside && role === 'buyer'
        ? conditions.map((c) => ({ ...c, presenter: 'buyer' as const }))
        : conditions,
    deadline,
    standard,
  });
  const { mutation: propose, send } = useIdempotentMutation({
    request: (input: ProposeEscrowInput, key: string) => proposeEscrow(input, key),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: escrowKeys.all });
      navigate(`/dashboard/escrow/${answer.data.id}`);
    },
  });
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to="/dashboard/escrow" size="sm">
        ← {t('back')}
      </Anchor>
      <Title order={1}>{t('new_title')}</Title>
      <Card withBorder padding="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send(body());
          }}
        >
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('form.role')}
              value={role}
              onChange={(value) => setRole(value as 'buyer' | 'seller')}
              data={[
                { value: 'buyer', label: t('form.as_buyer') },
                { value: 'seller', label: t('form.as_seller') },
              ]}
            />
            <CounterpartyField role={role} value={party} onChange={setParty} />
            <TextInput
              label={t('form.title')}
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Select
              label={t('form.currency')}
              value={currency}
              onChange={(value) => setCurrency(value ?? brand.tariff.currency)}
              data={held.length > 0 ? held : [brand.tariff.currency]}
              allowDeselect={false}
            />
            <NumberInput
              label={t('form.amount', { currency })}
              required
              min={0}
              decimalScale={exponent}
              value={amount}
              onChange={setAmount}
            />
            <Textarea
              label={t('form.buyer_deliverables')}
              required
              autosize
              minRows={2}
              value={buyerDeliverables}
              onChange={(e) => setBuyerDeliverables(e.currentTarget.value)}
            />
            <Textarea
              label={t('form.seller_deliverables')}
              required
              autosize
              minRows={2}
              value={sellerDeliverables}
              onChange={(e) => setSellerDeliverables(e.currentTarget.value)}
            />
            <ConditionsField value={conditions} onChange={setConditions} />
            <DateField label={t('form.deadline')} required value={deadline} onChange={setDeadline} />
            <Checkbox
              label={t('form.standard')}
              checked={standard}
              onChange={(e) => setStandard(e.currentTarget.checked)}
            />
            <Text fw={700}>{t('fees.title')}</Text>
            {currency === brand.tariff.currency ? (
              <EscrowFeesTable fees={escrowFeeSchedule(brand.tariff, minor, standard)} currency={currency} />
            ) : (
              <Text size="sm">{t('fees.converted_note', { currency })}</Text>
            )}
            <FormMessage
              message={propose.isError ? (problemMessage(propose.error) ?? t('failed')) : undefined}
            />
            <Button type="submit" loading={propose.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('form.propose')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
