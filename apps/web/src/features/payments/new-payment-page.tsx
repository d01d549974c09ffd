import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { paymentQuery, recipientQuery } from './api';
import { isPaymentType } from './payment-form';
import { PaymentForm } from './payment-form-card';
import { PAYMENT_TEXTS } from './problem-texts';

// /dashboard/payments/{sepa|faster_pay|internal|international}?recipient=…|payment=…
// (docs/requirements/payments.md): source account, payee (saved, or typed in and optionally saved), amount,
// currency and description (payment-form-card.tsx).

export default function NewPaymentPage() {
  const { t } = useTranslation('payments');
  // The form's path is /dashboard/payments/{type} (a static route per type).
  const type = useLocation().pathname.split('/').pop();
  const [params] = useSearchParams();
  const recipientParam = params.get('recipient') ?? '';
  const copyOf = params.get('payment') ?? '';
  const valid = isPaymentType(type);
  usePageTitle(valid ? t('new.title', { type: t(`types.${type}`) }) : t('type.title'));
  const accounts = useQuery(currencyAccountsQuery);
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
      <FormMessage message={failed ? problemMessage(failed, PAYMENT_TEXTS) : undefined} />
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
