import type { Payment, PaymentType, Recipient } from '@bluepeak/core/payments';
import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../components/money';
import { clearFormDraft } from '../../lib/form-draft';
import type { CurrencyAccount } from '../../lib/queries/account-groups';
import { useMeta } from '../../lib/queries/meta';
import { useFormMutation } from '../../lib/use-form-mutation';
import { createPayment, paymentKeys } from './api';
import { PayeeFields } from './payee-fields';
import { PaymentAmountFields } from './payment-amount-fields';
import { accountAllowed, currencyChoices } from './payment-form';
import { PAYMENT_TEXTS } from './problem-texts';
import { SavedPayeeCard } from './saved-payee-card';
import { useFeePreview } from './use-fee-preview';
import { paymentDraftKey, usePaymentForm } from './use-payment-form';

// Continuing creates the payment with an Idempotency-Key (the same one when the same form is
// sent again) and opens its review and confirmation.
export function PaymentForm({
  type,
  accounts,
  recipient,
  copied,
}: {
  type: PaymentType;
  accounts: CurrencyAccount[];
  recipient: Recipient | undefined;
  copied: Payment | undefined;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = usePaymentForm(type, accounts, recipient, copied);
  const { currencies } = useMeta();
  const { values, set, message } = form;
  const cost = useFeePreview(type, values, form.usingSaved && recipient ? recipient.details : values.payee);
  // The preview says the account cannot cover it: sending would only be refused.
  const uncovered = cost.preview?.sufficient_funds === false;
  const allowed = accounts.filter((account) => accountAllowed(type, account.currency.code));
  const currencyOptions = currencyChoices(
    type,
    accounts.map((account) => account.currency.code),
    currencies.map((currency) => currency.code),
  );
  const {
    mutation: create,
    submit,
    message: formError,
  } = useFormMutation(form, {
    request: createPayment,
    texts: PAYMENT_TEXTS,
    onSuccess: (answer) => {
      clearFormDraft(paymentDraftKey(type));
      void queryClient.invalidateQueries({ queryKey: paymentKeys.payments });
      queryClient.setQueryData(paymentKeys.payment(answer.data.id), answer);
      navigate(`/dashboard/payments/${answer.data.id}/confirm`);
    },
  });

  return (
    <Card withBorder padding="lg" component="form" noValidate onSubmit={submit}>
      <Stack gap="md">
        <Select
          label={t('new.account')}
          required
          data={allowed.map((account) => ({
            value: account.id,
            label: `${account.name} · ${formatMoney(account.available_balance, account.currency.code)}`,
          }))}
          value={values.account_id || null}
          onChange={(value) =>
            form.setAccount(
              value ?? '',
              allowed.find((item) => item.id === value),
            )
          }
          allowDeselect={false}
          error={message('account_id')}
          nothingFoundMessage={t('new.no_account')}
          data-testid="source-account"
        />
        {allowed.length === 0 && <Alert color="yellow">{t('new.no_account')}</Alert>}
        <Stack gap="xs">
          <Text fw={600}>{t('new.payee')}</Text>
          {form.usingSaved && recipient ? (
            <SavedPayeeCard type={type} recipient={recipient} />
          ) : (
            <>
              <PayeeFields
                type={type}
                values={values.payee}
                errors={form.payeeErrors}
                onChange={form.setPayee}
                onIbanState={form.setIbanState}
              />
              <Checkbox
                label={t('new.save_recipient')}
                checked={values.save_recipient}
                onChange={(event) => set('save_recipient', event.currentTarget.checked)}
              />
            </>
          )}
        </Stack>
        <PaymentAmountFields form={form} currencyOptions={currencyOptions} cost={cost} />
        <Textarea
          label={t('new.description')}
          maxLength={140}
          autosize
          minRows={2}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={message('description')}
        />
        {formError && (
          <Alert color="red" role="alert" data-testid="payment-error">
            {formError}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={create.isPending || allowed.length === 0 || uncovered}
          >
            {t('new.continue')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
