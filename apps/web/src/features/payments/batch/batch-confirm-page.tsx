import { Alert, Anchor, Button, Card, Checkbox, Skeleton, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
// Rows that look like recent payments are paid only once the client ticks "pay anyway", which
// the confirmation sends as `pay_duplicates` (docs/requirements/batch-payments.md).
export default function BatchConfirmPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('batch.confirm.title'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const batch = useQuery(batchQuery(id));
  const [payDuplicates, setPayDuplicates] = useState(false);
  const duplicates = batch.data?.status === 'draft' ? batch.data.rows_duplicate : 0;
  const mayConfirm = duplicates === 0 || payDuplicates;
  const code = useMutation({ mutationFn: () => requestBatchCode(id), meta: { silent: true } });
  const confirm = useIdempotentMutation({
    request: (confirmation: { code: string; payDuplicates: boolean }, key) =>
      confirmBatch(id, confirmation, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.batch(id), answer);
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      void queryClient.invalidateQueries({ queryKey: batchKeys.accounts });
      navigate(`/dashboard/payments/batch/${id}`);
    },
    // A refusal may come from rows that changed, or became like a payment made since: read them again.
    onError: () => void queryClient.invalidateQueries({ queryKey: batchKeys.batch(id) }),
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
            {duplicates > 0 && (
              <Checkbox
                checked={payDuplicates}
                onChange={(event) => setPayDuplicates(event.currentTarget.checked)}
                label={t('batch.confirm.pay_duplicates', { count: duplicates })}
                description={t('batch.confirm.pay_duplicates_hint', { count: duplicates })}
                data-testid="batch-pay-duplicates"
              />
            )}
            {code.data && mayConfirm ? (
              <ScaCodeForm
                factor={code.data.data.factor}
                onSubmit={(value) =>
                  confirm.send({ code: value, payDuplicates: duplicates > 0 && payDuplicates })
                }
                pending={confirm.mutation.isPending}
                error={confirm.mutation.error}
                submitLabel={t('batch.confirm.submit')}
              />
            ) : (
              <Button
                onClick={() => code.mutate()}
                loading={code.isPending}
                disabled={!mayConfirm || code.isSuccess}
                data-testid="batch-send-code"
              >
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
