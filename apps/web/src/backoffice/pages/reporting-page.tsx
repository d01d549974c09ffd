import { parseMoneyInput } from '@bluepeak/core/money';
import { currencyByCode } from '@bluepeak/core/reference';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { formatDateTime } from '../../lib/format-date';
import { backoffice, useMe } from '../api';
import { LoadFailed } from '../components/load-failed';
import { RequirePermission } from '../layout';
import { showInfo } from '../notify';

type LedgerReport = {
  ok: boolean;
  checked_at: string;
  counts: { accounts: number; transfers: number; entries: number; currencies: number };
  checks: { name: string; description: string; breaks: number }[];
  breaks: { check: string; detail: string }[];
};
type Break = { kind: string; amount_minor: number; detail: string };
type CurrencyLine = {
  currency: string;
  client_balances_minor: number;
  safeguarding_ledger_minor: number;
  difference_minor: number;
  explained_by: { kind: string; balance_minor: number }[];
  bank_balance_minor: number | null;
  breaks: Break[];
};
type Reconciliation = { date: string; as_of: string; ok: boolean; currencies: CurrencyLine[] };
type Recorded = {
  id: string;
  date: string;
  currency: string;
  difference_minor: number;
  bank_balance_minor: number | null;
  breaks: Break[];
  operator_email: string;
  created_at: string;
};

// Reporting (docs/requirements/reporting.md): the ledger's invariant check and the daily safeguarding
// reconciliation (client balances per currency against the safeguarding account).
export default function ReportingPage() {
  return (
    <RequirePermission needs="viewReports">
      <Reporting />
    </RequirePermission>
  );
}

function Reporting() {
  const { t } = useTranslation('backoffice');
  useEffect(() => {
    document.title = t('reporting.title');
  }, [t]);
  return (
    <Stack>
      <Title order={1}>{t('reporting.title')}</Title>
      <LedgerCheck />
      <Safeguarding />
    </Stack>
  );
}

function LedgerCheck() {
  const { t } = useTranslation('backoffice');
  const report = useQuery({
    queryKey: ['backoffice', 'reports', 'ledger'],
    queryFn: ({ signal }) => backoffice<{ data: LedgerReport }>('/reports/ledger', { signal }),
    select: (answer) => answer.data,
  });
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

function Safeguarding() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const reconciliation = useQuery({
    queryKey: ['backoffice', 'reports', 'safeguarding', date],
    queryFn: ({ signal }) =>
      backoffice<{ data: Reconciliation }>(`/reports/safeguarding?date=${date}`, { signal }),
    select: (answer) => answer.data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  return (
    <Card withBorder padding="lg" component="section">
      <Title order={2} fz="h4" mb="sm">
        {t('reporting.safeguarding_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('reporting.safeguarding_intro')}
      </Text>
      <TextInput
        type="date"
        label={t('reporting.date')}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
        w={200}
        mb="md"
      />
      {reconciliation.isPending && <Skeleton role="status" h={120} aria-label={t('loading')} />}
      {reconciliation.isError && <LoadFailed onRetry={() => void reconciliation.refetch()} />}
      {reconciliation.data && <ReconciliationTable reconciliation={reconciliation.data} />}
      {reconciliation.data && me.data?.permissions.recordReconciliation && (
        <RecordReconciliation
          date={date}
          currencies={reconciliation.data.currencies.map((line) => line.currency)}
        />
      )}
      <History />
    </Card>
  );
}

function ReconciliationTable({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation('backoffice');
  if (reconciliation.currencies.length === 0)
    return <Alert color="gray">{t('reporting.no_currencies')}</Alert>;
  return (
    <Stack gap="sm">
      <Alert color={reconciliation.ok ? 'green' : 'yellow'} data-testid="safeguarding-result">
        {t(reconciliation.ok ? 'reporting.reconciled' : 'reporting.breaks_found')}
      </Alert>
      <Table.ScrollContainer minWidth={720}>
        <Table className="tabular-figures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reporting.currency')}</Table.Th>
              <Table.Th ta="right">{t('reporting.client_balances')}</Table.Th>
              <Table.Th ta="right">{t('reporting.safeguarding')}</Table.Th>
              <Table.Th ta="right">{t('reporting.difference')}</Table.Th>
              <Table.Th>{t('reporting.explained_by')}</Table.Th>
              <Table.Th>{t('reporting.breaks')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reconciliation.currencies.map((line) => (
              <Table.Tr key={line.currency}>
                <Table.Td>{line.currency}</Table.Td>
                <Table.Td ta="right">
                  <Money amount={line.client_balances_minor} currency={line.currency} showCode={false} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={line.safeguarding_ledger_minor} currency={line.currency} showCode={false} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={line.difference_minor} currency={line.currency} showCode={false} />
                </Table.Td>
                <Table.Td>
                  {line.explained_by.length === 0
                    ? '–'
                    : line.explained_by.map((item) => (
                        <Text key={item.kind} size="xs">
                          {t(`account_kind.${item.kind}` as 'account_kind.fee_income')}:{' '}
                          <Money amount={item.balance_minor} currency={line.currency} showCode={false} />
                        </Text>
                      ))}
                </Table.Td>
                <Table.Td>
                  {line.breaks.length === 0 ? (
                    <Badge color="#1e6b34">{t('reporting.ok')}</Badge>
                  ) : (
                    line.breaks.map((found) => (
                      <Text key={found.kind} size="xs">
                        <Badge
                          autoContrast
                          size="xs"
                          color={found.kind === 'excess' ? 'yellow.4' : 'red.9'}
                          mr={4}
                        >
                          {t(`break_kind.${found.kind}` as 'break_kind.shortfall')}
                        </Badge>
                        <Money amount={found.amount_minor} currency={line.currency} /> · {found.detail}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function RecordReconciliation({ date, currencies }: { date: string; currencies: string[] }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [bank, setBank] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  // Amounts are typed as people write them ("1 234.50") and parsed without floats.
  const parsed = currencies.map((currency) => {
    const text = bank[currency]?.trim() ?? '';
    if (text === '') return { currency, amount: null, error: false };
    const result = parseMoneyInput(text, currencyByCode(currency)?.exponent ?? 2);
    return { currency, amount: result.ok ? result.amount : null, error: !result.ok };
  });
  const invalid = parsed.some((line) => line.error);
  const record = useMutation({
    mutationFn: () =>
      backoffice('/reports/safeguarding', {
        method: 'POST',
        body: {
          date,
          bank_balances: parsed.flatMap((line) =>
            line.amount === null ? [] : [{ currency: line.currency, amount: line.amount }],
          ),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      }),
    onSuccess: async () => {
      showInfo(t('reporting.recorded'));
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'reports'] });
    },
  });
  return (
    <Stack mt="md" gap="sm">
      <Title order={3} fz="h5">
        {t('reporting.record_title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('reporting.record_intro')}
      </Text>
      <Group align="flex-start">
        {parsed.map((line) => (
          <TextInput
            key={line.currency}
            label={t('reporting.bank_balance', { currency: line.currency })}
            inputMode="decimal"
            value={bank[line.currency] ?? ''}
            error={line.error ? t('reporting.amount_invalid') : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setBank((current) => ({ ...current, [line.currency]: value }));
            }}
            w={200}
          />
        ))}
      </Group>
      <Textarea
        label={t('reporting.note')}
        value={note}
        maxLength={1000}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={() => record.mutate()} loading={record.isPending} disabled={invalid}>
          {t('reporting.record')}
        </Button>
      </Group>
    </Stack>
  );
}

function History() {
  const { t } = useTranslation('backoffice');
  const history = useQuery({
    queryKey: ['backoffice', 'reports', 'history'],
    queryFn: ({ signal }) =>
      backoffice<{ data: Recorded[] }>('/reports/safeguarding/history?limit=30', { signal }),
    select: (answer) => answer.data,
  });
  if (!history.data || history.data.length === 0) return null;
  return (
    <Stack mt="lg" gap="xs">
      <Title order={3} fz="h5">
        {t('reporting.history')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table className="tabular-figures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reporting.date')}</Table.Th>
              <Table.Th>{t('reporting.currency')}</Table.Th>
              <Table.Th ta="right">{t('reporting.difference')}</Table.Th>
              <Table.Th ta="right">{t('reporting.bank')}</Table.Th>
              <Table.Th>{t('reporting.breaks')}</Table.Th>
              <Table.Th>{t('reporting.recorded_by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.date}</Table.Td>
                <Table.Td>{row.currency}</Table.Td>
                <Table.Td ta="right">
                  <Money amount={row.difference_minor} currency={row.currency} showCode={false} />
                </Table.Td>
                <Table.Td ta="right">
                  {row.bank_balance_minor === null ? (
                    '–'
                  ) : (
                    <Money amount={row.bank_balance_minor} currency={row.currency} showCode={false} />
                  )}
                </Table.Td>
                <Table.Td>
                  {row.breaks.length === 0
                    ? t('reporting.ok')
                    : row.breaks
                        .map((found) => t(`break_kind.${found.kind}` as 'break_kind.shortfall'))
                        .join(', ')}
                </Table.Td>
                <Table.Td>
                  {row.operator_email} · {formatDateTime(row.created_at)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
