import { brand } from '@bluepeak/core';
import { escrowFeeSchedule } from '@bluepeak/core/fees';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../components/date-field';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { escrowKeys, proposeEscrow } from './api';
import { ConditionsField, type DraftCondition } from './conditions-field';
import { EscrowFeesTable } from './escrow-fees-table';

// /dashboard/escrow/new: propose a deal to another client. The fees of the tariff are worked out
// as the amount is typed, with who pays them, before anything is sent.
export default function NewEscrowPage() {
  const { t } = useTranslation('escrow');
  usePageTitle(t('new_title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<'buyer' | 'seller'>('buyer');
  const [counterparty, setCounterparty] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [title, setTitle] = useState('');
  const [buyerDeliverables, setBuyerDeliverables] = useState('');
  const [sellerDeliverables, setSellerDeliverables] = useState('');
  const [deadline, setDeadline] = useState('');
  const [standard, setStandard] = useState(true);
  const [conditions, setConditions] = useState<DraftCondition[]>([{ description: '', presenter: 'seller' }]);
  const minor = Math.round(Number(amount || 0) * 100);
  const propose = useMutation({
    mutationFn: () =>
      proposeEscrow({
        role,
        counterparty: counterparty.includes('@')
          ? { email: counterparty.trim() }
          : { account_number: counterparty },
        amount: minor,
        currency: brand.tariff.currency,
        title,
        buyer_deliverables: buyerDeliverables,
        seller_deliverables: sellerDeliverables,
        conditions,
        deadline,
        standard,
      }),
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
            propose.mutate();
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
            <TextInput
              label={t('form.counterparty')}
              description={t('form.counterparty_hint')}
              required
              value={counterparty}
              onChange={(e) => setCounterparty(e.currentTarget.value)}
            />
            <TextInput
              label={t('form.title')}
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <NumberInput
              label={t('form.amount', { currency: brand.tariff.currency })}
              required
              min={0}
              decimalScale={2}
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
            <EscrowFeesTable
              fees={escrowFeeSchedule(brand.tariff, minor, standard)}
              currency={brand.tariff.currency}
            />
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
