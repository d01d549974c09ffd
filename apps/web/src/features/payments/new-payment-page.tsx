import type { Payment, PaymentType, Recipient } from '@bluepeak/core/payments';
import { currencies } from '@bluepeak/core/reference';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { serverFormErrors, translateValidation } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { type IbanState, PayeeFields } from './payee-fields';
import {
  accountAllowed,
  currencyChoices,
  emptyPayee,
  formFromPayment,
  isPaymentType,
  type PaymentFormValues,
  toPaymentBody,
} from './payment-form';
import { accountGroupsQuery, createPayment, paymentKeys, paymentQuery, recipientQuery } from './payments-api';
import { recipientAccountLine } from './recipient-summary';
import { paymentProblem } from './sca-code-form';

// /dashboard/payments/{sepa|faster_pay|internal|international}?recipient=…|payment=…
// (docs/requirements/payments.md): source account, payee (saved, or typed in and optionally saved), amount,
// currency and description. Continuing creates the payment with an Idempotency-Key (the same
// one when the same form is sent again) and opens its review and confirmation.
const ALL_CURRENCIES = currencies.map((currency) => currency.code);

export default function NewPaymentPage() {
  const { t } = useTranslation('payments');
  // The form's path is /dashboard/payments/{type} (a static route per type).
  const type = useLocation().pathname.split('/').pop();
  const [params] = useSearchParams();
  const recipientParam = params.get('recipient') ?? '';
  const copyOf = params.get('payment') ?? '';
  const valid = isPaymentType(type);
  usePageTitle(valid ? t('new.title', { type: t(`types.${type}`) }) : t('type.title'));
  const accounts = useQuery(accountGroupsQuery);
  const copied = useQuery({ ...paymentQuery(copyOf), enabled: Boolean(copyOf) });
  const recipientId =
    recipientParam && recipientParam !== 'new' ? recipientParam : (copied.data?.recipient_id ?? '');
  const recipient = useQuery({ ...recipientQuery(recipientId), enabled: Boolean(recipientId), retry: false });
  if (!valid) return <Navigate to="/dashboard/payments/type" replace />;
  const loading =
    accounts.isPending ||
    (Boolean(copyOf) && copied.isPending) ||
    (Boolean(recipientId) && recipient.isPending);
  const failed = accounts.error ?? copied.error;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/dashboard/recipients/choose?type=${type}`} size="sm">
        ← {t('new.back')}
      </Anchor>
      <Title order={1}>{t('new.title', { type: t(`types.${type}`) })}</Title>
      {loading && <Skeleton height={320} aria-busy="true" />}
      {failed && <Alert color="red">{paymentProblem(failed)}</Alert>}
      {!loading && !failed && accounts.data && (
        <PaymentForm
          key={`${recipientId}:${copyOf}`}
          type={type}
          accounts={accounts.data}
          recipient={recipient.data}
          copied={copied.data}
        />
      )}
    </Stack>
  );
}

type SourceAccount = { id: string; name: string; available_balance: number; currency: { code: string } };

function initialValues(
  type: PaymentType,
  accounts: SourceAccount[],
  recipient: Recipient | undefined,
  copied: Payment | undefined,
): PaymentFormValues {
  if (copied && copied.type === type) {
    const values = formFromPayment(copied);
    return { ...values, recipient_id: recipient ? recipient.id : '' };
  }
  const first = accounts.find((account) => accountAllowed(type, account.currency.code));
  const fixed = type === 'sepa' ? 'EUR' : type === 'faster_pay' ? 'GBP' : (first?.currency.code ?? '');
  return {
    account_id: first?.id ?? '',
    amount: '',
    currency: fixed,
    description: '',
    recipient_id: recipient?.status === 'active' ? recipient.id : '',
    payee: emptyPayee(type),
    save_recipient: false,
  };
}

function PaymentForm({
  type,
  accounts,
  recipient,
  copied,
}: {
  type: PaymentType;
  accounts: SourceAccount[];
  recipient: Recipient | undefined;
  copied: Payment | undefined;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialValues(type, accounts, recipient, copied));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ibanState, setIbanState] = useState<IbanState>('empty');
  const idempotency = useIdempotencyKey();
  const allowed = accounts.filter((account) => accountAllowed(type, account.currency.code));
  const currencyOptions = currencyChoices(
    type,
    accounts.map((account) => account.currency.code),
    ALL_CURRENCIES,
  );
  const usingSaved = Boolean(values.recipient_id) && recipient?.id === values.recipient_id;

  const create = useMutation({
    mutationFn: ({ body, key }: { body: Parameters<typeof createPayment>[0]; key: string }) =>
      createPayment(body, key),
    meta: { silent: true },
    onSuccess: (answer) => {
      idempotency.reset();
      void queryClient.invalidateQueries({ queryKey: paymentKeys.payments });
      queryClient.setQueryData(paymentKeys.payment(answer.data.id), answer);
      navigate(`/dashboard/payments/${answer.data.id}/confirm`);
    },
    onError: (error) => {
      const fields = serverFormErrors(error).fields;
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([key, value]) => [key.replace(/^recipient\./, 'payee.'), value]),
        ),
      );
    },
  });

  const set = <K extends keyof PaymentFormValues>(name: K, value: PaymentFormValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => {
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  };
  const setPayee = (name: string, value: string) => {
    setValues((current) => ({ ...current, payee: { ...current.payee, [name]: value } }));
    setErrors((current) => {
      const { [`payee.${name}`]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const submit = () => {
    if (create.isPending) return;
    const result = toPaymentBody(type, values);
    if (!result.ok) return setErrors(result.errors);
    if (!usingSaved && type === 'sepa' && (ibanState === 'invalid' || ibanState === 'not_sepa')) return;
    create.mutate({ body: result.body, key: idempotency.keyFor(result.body) });
  };

  const message = (key: string) => {
    const value = errors[key];
    if (!value) return undefined;
    if (value === 'required') return t('errors.required');
    if (value.startsWith('amount.')) return t(`errors.${value}`);
    return translateValidation(value);
  };
  const payeeErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('payee.'))
      .map(([key, value]) => [key.slice('payee.'.length), value]),
  );
  const formError =
    create.error && Object.keys(serverFormErrors(create.error).fields).length === 0 ? create.error : null;

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Select
          label={t('new.account')}
          required
          data={allowed.map((account) => ({
            value: account.id,
            label: `${account.name} · ${formatMoney(account.available_balance, account.currency.code)}`,
          }))}
          value={values.account_id || null}
          onChange={(value) => {
            const account = allowed.find((item) => item.id === value);
            setValues((current) => ({
              ...current,
              account_id: value ?? '',
              currency: type === 'internal' && account ? account.currency.code : current.currency,
            }));
          }}
          allowDeselect={false}
          error={message('account_id')}
          nothingFoundMessage={t('new.no_account')}
          data-testid="source-account"
        />
        {allowed.length === 0 && <Alert color="yellow">{t('new.no_account')}</Alert>}
        <Stack gap="xs">
          <Text fw={600}>{t('new.payee')}</Text>
          {usingSaved && recipient ? (
            <Card withBorder padding="sm" bg="gray.0" data-testid="saved-payee">
              <Group justify="space-between" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {recipient.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {recipientAccountLine(recipient.details)}
                  </Text>
                </Stack>
                <Anchor component={Link} to={`/dashboard/recipients/choose?type=${type}`} size="sm">
                  {t('new.change_payee')}
                </Anchor>
              </Group>
            </Card>
          ) : (
            <>
              <PayeeFields
                type={type}
                values={values.payee}
                errors={payeeErrors}
                onChange={setPayee}
                onIbanState={setIbanState}
              />
              <Checkbox
                label={t('new.save_recipient')}
                checked={values.save_recipient}
                onChange={(event) => set('save_recipient', event.currentTarget.checked)}
              />
            </>
          )}
        </Stack>
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
            {paymentProblem(formError)}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={create.isPending || allowed.length === 0}
          >
            {t('new.continue')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
