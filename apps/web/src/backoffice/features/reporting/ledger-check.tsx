import { Alert, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { LoadFailed } from '../../components/load-failed';
import { ledgerReportQuery } from './api';

/** The ledger's invariant check, run when the page opens and again on request. */
export function LedgerCheck() {
  const { t } = useTranslation('backoffice');
  const report = useQuery(ledgerReportQuery);
  return (
    <Card withBorder padding="lg" component="section">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('reporting.ledger_title')}
        </Title>
        <Button size="xs" variant="default" onClick={() => void report.refetch()} loading={report.isFetching}>
          {t('reporting.run_again')}
        </Button>
      </Group>
      {report.isPending && <Skeleton role="status" h={120} aria-label={t('loading')} />}
      {report.isError && <LoadFailed onRetry={() => void report.refetch()} />}
      {report.data && (
        <Stack gap="sm">
          <Alert color={report.data.ok ? 'green' : 'red'} data-testid="ledger-result">
            {t(report.data.ok ? 'reporting.ledger_ok' : 'reporting.ledger_broken')} ·{' '}
            {t('reporting.ledger_counts', report.data.counts)} · {formatDateTime(report.data.checked_at)}
          </Alert>
          <List size="sm">
            {report.data.checks.map((check) => (
              <List.Item key={check.name}>
                <Badge size="sm" color={check.breaks === 0 ? '#1e6b34' : 'red.9'} mr="xs">
                  {check.breaks === 0
                    ? t('reporting.ok')
                    : t('reporting.breaks_count', { count: check.breaks })}
                </Badge>
                {check.description}
              </List.Item>
            ))}
          </List>
          {report.data.breaks.map((found) => (
            <Text key={`${found.check}-${found.detail}`} size="sm" c="red">
              [{found.check}] {found.detail}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}
