import { brand } from '@bluepeak/core';
import { escrowFeeSchedule } from '@bluepeak/core/fees';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../components/date-field';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { parseAmount } from '../../lib/amount-input';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { escrowKeys } from './api';
import { ConditionsField } from './conditions-field';
import { CounterpartyField } from './counterparty-field';
import { EscrowFeesTable } from './escrow-fees-table';
import { escrowErrorText } from './escrow-form';
import { useEscrowForm } from './use-escrow-form';

// /dashboard/escrow/new: propose a deal to another client, or as a buyer to a seller outside the
// institution, in any currency the client holds. The fees of the tariff are worked out as the
// amount is typed, with who pays them, before anything is sent; in another currency than the
// tariff's they are converted when the deal is proposed, and shown on the deal before funding.
// Every field is checked as it is filled in and again before sending (escrow-form.ts); a refusal
// lands on its field.
export default function NewEscrowPage() {
  const { t } = useTranslation(['escrow', 'auth']);
  usePageTitle(t('new_title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const held = [
    ...new Set((useQuery(currencyAccountsQuery).data ?? []).map((account) => account.currency.code)),
  ];
  const { values, set, errors, submit, message, propose } = useEscrowForm(async (answer) => {
    await queryClient.invalidateQueries({ queryKey: escrowKeys.all });
    navigate(`/dashboard/escrow/${answer.data.id}`);
  });
  const error = (key: string) => escrowErrorText(errors[key], t);
  // The fees follow the amount as it is typed.
  const typed = parseAmount(values.amount, values.currency);
  const minor = typed.ok ? typed.amount : 0;
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to="/dashboard/escrow" size="sm">
        ← {t('back')}
      </Anchor>
      <Title order={1}>{t('new_title')}</Title>
      <Card withBorder padding="lg">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('form.role')}
              value={values.role}
              onChange={(value) => set('role', value as 'buyer' | 'seller')}
              data={[
                { value: 'buyer', label: t('form.as_buyer') },
                { value: 'seller', label: t('form.as_seller') },
              ]}
            />
            <CounterpartyField
              role={values.role}
              value={values.party}
              onChange={(party) => set('party', party)}
              errors={(field) => error(`party.${field}`)}
            />
            <TextInput
              label={t('form.title')}
              required
              maxLength={200}
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={error('title')}
            />
            <Select
              label={t('form.currency')}
              value={values.currency}
              onChange={(value) => set('currency', value ?? brand.tariff.currency)}
              data={held.length > 0 ? held : [brand.tariff.currency]}
              allowDeselect={false}
              error={error('currency')}
            />
            <TextInput
              label={t('form.amount', { currency: values.currency })}
              required
              inputMode="decimal"
              autoComplete="off"
              value={values.amount}
              onChange={(e) => set('amount', e.currentTarget.value)}
              error={error('amount')}
            />
            <Textarea
              label={t('form.buyer_deliverables')}
              required
              autosize
              minRows={2}
              value={values.buyer_deliverables}
              onChange={(e) => set('buyer_deliverables', e.currentTarget.value)}
              error={error('buyer_deliverables')}
            />
            <Textarea
              label={t('form.seller_deliverables')}
              required
              autosize
              minRows={2}
              value={values.seller_deliverables}
              onChange={(e) => set('seller_deliverables', e.currentTarget.value)}
              error={error('seller_deliverables')}
            />
            <ConditionsField
              value={values.conditions}
              onChange={(conditions) => set('conditions', conditions)}
              errors={(path) => error(path ? `conditions.${path}` : 'conditions')}
            />
            <DateField
              label={t('form.deadline')}
              required
              value={values.deadline}
              onChange={(day) => set('deadline', day)}
              error={error('deadline')}
            />
            <Checkbox
              label={t('form.standard')}
              checked={values.standard}
              onChange={(e) => set('standard', e.currentTarget.checked)}
            />
            <Text fw={700}>{t('fees.title')}</Text>
            {values.currency === brand.tariff.currency ? (
              <EscrowFeesTable
                fees={escrowFeeSchedule(brand.tariff, minor, values.standard)}
                currency={values.currency}
              />
            ) : (
              <Text size="sm">{t('fees.converted_note', { currency: values.currency })}</Text>
            )}
            <FormMessage message={message} />
            <Button type="submit" loading={propose.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('form.propose')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
