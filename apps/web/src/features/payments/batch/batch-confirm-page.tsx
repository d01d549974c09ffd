import { Alert, Anchor, Button, Card, Skeleton, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormMessage } from '../../../components/form-message';
import { usePageTitle } from '../../../components/use-page-title';
import { problemMessage } from '../../../lib/api-error-message';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { PAYMENT_TEXTS } from '../problem-texts';
import { ScaCodeForm } from '../sca-code-form';
import { batchKeys, batchQuery, confirmBatch, requestBatchCode } from './api';
import { BatchSummary } from './batch-summary';

// /dashboard/payments/batch/{id}/confirm: one code for the whole batch, bound to its rows and
// totals; confirming holds the money and sends each row, then the batch page shows them settle.
export default function BatchConfirmPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('batch.confirm.title'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const batch = useQuery(batchQuery(id));
  const code = useMutation({ mutationFn: () => requestBatchCode(id), meta: { silent: true } });
  const confirm = useIdempotentMutation({
    request: (value: string, key) => confirmBatch(id, value, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.batch(id), answer);
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      void queryClient.invalidateQueries({ queryKey: batchKeys.accounts });
      navigate(`/dashboard/payments/batch/${id}`);
    },
  });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/dashboard/payments/batch/${id}`} size="sm">
        {t('batch.confirm.back')}
      </Anchor>
      <Title order={1}>{t('batch.confirm.title')}</Title>
      {batch.isPending && <Skeleton height={240} aria-busy="true" />}
      <FormMessage message={batch.isError ? problemMessage(batch.error, PAYMENT_TEXTS) : undefined} />
      {batch.data && <BatchSummary batch={batch.data} />}
      {batch.data && batch.data.status !== 'draft' && <Alert>{t('batch.confirm.not_draft')}</Alert>}
      {batch.data?.status === 'draft' && (
        <Card withBorder padding="lg" component="section" aria-label={t('batch.confirm.code_title')}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('batch.confirm.code_title')}
            </Title>
            {code.data ? (
              <ScaCodeForm
                factor={code.data.data.factor}
                onSubmit={(value) => confirm.send(value)}
                pending={confirm.mutation.isPending}
                error={confirm.mutation.error}
                submitLabel={t('batch.confirm.submit')}
              />
            ) : (
              <Button onClick={() => code.mutate()} loading={code.isPending} data-testid="batch-send-code">
                {t('batch.confirm.send_code')}
              </Button>
            )}
            <FormMessage message={code.isError ? problemMessage(code.error, PAYMENT_TEXTS) : undefined} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
