import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { StatusBadge } from '../../components/status-badge';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { confirmPayment, paymentKeys, paymentQuery } from './api';
import { PaymentFigures } from './payment-figures';
import { PaymentFrame } from './payment-frame';
import { PAYMENT_TEXTS } from './problem-texts';
import { ScaCodeForm } from './sca-code-form';
import { useCancelPayment } from './use-cancel-payment';

// /dashboard/payments/{id}/confirm: the review (amount, fee, total, rate, payee) and the
// one-time code bound to this amount and payee; five tries. Then /dashboard/payments/done.
export default function PaymentConfirmPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('confirm.title'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payment = useQuery(paymentQuery(id));
  const confirm = useMutation({
    mutationFn: (code: string) => confirmPayment(id, code),
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKeys.payment(id), answer);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.payments });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.accounts });
      navigate(`/dashboard/payments/done?payment=${id}`);
    },
  });
  const { cancel, sendCancel } = useCancelPayment(id, { refreshAccounts: false });
  return (
    <PaymentFrame title={t('confirm.title')} payment={payment} loadingHeight={280}>
      {(data) => (
        <>
          <Card withBorder padding="lg" component="section" aria-label={t('confirm.review')}>
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="lg">
                {t('confirm.review')}
              </Title>
              <StatusBadge status={data.status} testId="payment-status">
                {t(`status.${data.status}`, { defaultValue: data.status })}
              </StatusBadge>
            </Group>
            <PaymentFigures payment={data} />
          </Card>
          {data.status === 'awaiting_confirmation' ? (
            <Card withBorder padding="lg" component="section" aria-label={t('confirm.code_title')}>
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t('confirm.code_title')}
                </Title>
                {data.sca ? (
                  <ScaCodeForm
                    factor={data.sca.factor}
                    onSubmit={(code) => confirm.mutate(code)}
                    pending={confirm.isPending}
                    error={confirm.error}
                    submitLabel={t('confirm.submit')}
                  />
                ) : (
                  <Text c="dimmed">{t('confirm.code_expired')}</Text>
                )}
                <FormMessage
                  message={cancel.error ? problemMessage(cancel.error, PAYMENT_TEXTS) : undefined}
                />
                <Group>
                  <Button
                    variant="subtle"
                    color="red"
                    loading={cancel.isPending}
                    disabled={confirm.isPending}
                    onClick={sendCancel}
                  >
                    {t('confirm.cancel')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : (
            <Group>
              <Button component={Link} to={`/dashboard/payments/${id}`}>
                {t('confirm.view')}
              </Button>
            </Group>
          )}
        </>
      )}
    </PaymentFrame>
  );
}
