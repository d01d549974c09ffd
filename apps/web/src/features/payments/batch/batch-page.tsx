import { Alert, Anchor, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormMessage } from '../../../components/form-message';
import { usePageTitle } from '../../../components/use-page-title';
import { problemMessage } from '../../../lib/api-error-message';
import { PAYMENT_TEXTS } from '../problem-texts';
import { batchQuery, resultsHref } from './api';
import { BatchRows } from './batch-rows';
import { BatchSummary } from './batch-summary';
import { RemoveInvalidRows } from './remove-invalid-rows';
import { useCancelBatch } from './use-cancel-batch';

// /dashboard/payments/batch/{id}: the review of a draft (totals, fees, the balance it needs,
// each row with its problems, fixed or removed here, one at a time or all at once, and the rows
// that look like recent payments, a warning only), or the progress of a confirmed batch.
export default function BatchPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('batch.page.title'));
  const { id = '' } = useParams();
  const batch = useQuery(batchQuery(id));
  const cancel = useCancelBatch(id);
  const data = batch.data;
  const draft = data?.status === 'draft';
  const ready = draft && data.rows_total > 0 && data.rows_invalid === 0;
  const cancellable = draft || data?.status === 'processing';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/payments/batch" size="sm">
        {t('batch.list.title')}
      </Anchor>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {data?.file_name ?? t('batch.page.title')}
      </Title>
      {batch.isPending && <Skeleton height={240} aria-busy="true" />}
      <FormMessage message={batch.isError ? problemMessage(batch.error, PAYMENT_TEXTS) : undefined} />
      {data && (
        <>
          <BatchSummary batch={data} />
          <Group gap="sm">
            {draft && (
              <Button
                component={Link}
                to={`/dashboard/payments/batch/${id}/confirm`}
                disabled={!ready}
                data-testid="batch-confirm"
                onClick={(event: React.MouseEvent) => {
                  if (!ready) event.preventDefault();
                }}
              >
                {t('batch.page.confirm')}
              </Button>
            )}
            {!draft && (
              <Button
                component="a"
                href={resultsHref(id)}
                download
                variant="light"
                data-testid="batch-results"
              >
                {t('batch.page.results')}
              </Button>
            )}
            {draft && data.rows_invalid > 0 && <RemoveInvalidRows batchId={id} count={data.rows_invalid} />}
            {cancellable && (
              <Button variant="subtle" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('batch.page.cancel')}
              </Button>
            )}
          </Group>
          {draft && !ready && data.rows_invalid > 0 && (
            <Alert color="yellow">{t('batch.page.fix_first', { count: data.rows_invalid })}</Alert>
          )}
          {draft && data.rows_duplicate > 0 && (
            <Alert color="yellow" data-testid="batch-duplicates">
              {t('batch.page.duplicates', { count: data.rows_duplicate })}
            </Alert>
          )}
          <FormMessage message={cancel.isError ? problemMessage(cancel.error, PAYMENT_TEXTS) : undefined} />
          <Title order={2} fz="lg">
            {t('batch.rows.title')}
          </Title>
          <BatchRows batchId={id} editable={draft} live={data.status === 'processing'} />
        </>
      )}
    </Stack>
  );
}
