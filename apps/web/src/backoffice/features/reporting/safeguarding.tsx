import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { LoadFailed } from '../../components/load-failed';
import { Section } from '../../components/section';
import { useMe } from '../../lib/api';
import { reconciliationQuery } from './api';
import { ReconciliationHistory } from './reconciliation-history';
import { ReconciliationTable } from './reconciliation-table';
import { RecordReconciliation } from './record-reconciliation';

/** The day's safeguarding reconciliation, recording it, and the ones recorded before. */
export function Safeguarding() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const reconciliation = useQuery(reconciliationQuery(date));
  return (
    <Section title={t('reporting.safeguarding_title')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('reporting.safeguarding_intro')}
      </Text>
      <DateField label={t('reporting.date')} value={date} onChange={setDate} w={240} mb="md" />
      {reconciliation.isPending && <Skeleton role="status" h={120} aria-label={t('loading')} />}
      {reconciliation.isError && <LoadFailed onRetry={() => void reconciliation.refetch()} />}
      {reconciliation.data && <ReconciliationTable reconciliation={reconciliation.data} />}
      {reconciliation.data && me.data?.permissions.recordReconciliation && (
        <RecordReconciliation
          date={date}
          currencies={reconciliation.data.currencies.map((line) => line.currency)}
        />
      )}
      <ReconciliationHistory />
    </Section>
  );
}
