import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { formatDate } from '../../../lib/format-date';
import { LoadFailed } from '../../components/load-failed';
import { useMe } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { type BankCredit, bankKeys, type CreditStatus, creditAction, creditsQuery } from './api';
import { type CreditAction, creditActions } from './credit-action-rules';
import { CreditDialog } from './credit-dialog';

const TABS = ['unmatched', 'awaiting_approval', 'resolved', 'returned', 'booked'] as const;

// The bank's credits by status: the unmatched queue first. Every action opens its dialog, which
// shows what it moves before anything is sent: assigning and returning need words (a client
// IBAN, a reason), approving (a second operator's) takes an optional one.
export function CreditsQueue() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CreditStatus>('unmatched');
  const [dialog, setDialog] = useState<{ credit: BankCredit; action: CreditAction } | null>(null);
  const list = useQuery(creditsQuery(status));
  const act = useMutation({
    mutationFn: (input: { id: string; action: CreditAction; body: object }) =>
      creditAction(input.id, input.action, input.body),
    onSuccess: async (answer, input) => {
      showInfo(t(`bank.done.${input.action}`, { status: t(`bank.status.${answer.data.status}`) }));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
  const operator = {
    email: me.data?.email ?? '',
    canImport: me.data?.permissions.importBankStatements ?? false,
    canApprove: me.data?.permissions.approveIncomingCredit ?? false,
  };
  return (
    <Stack>
      <Tabs value={status} onChange={(value) => value && setStatus(value as CreditStatus)}>
        <Tabs.List>
          {TABS.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {t(`bank.status.${item}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <Alert color="gray">{t('bank.queue_empty')}</Alert>}
      {list.data && list.data.length > 0 && (
        <DataTable
          minWidth={900}
          striped
          data-testid="bank-credits"
          head={
            <>
              <Table.Th>{t('bank.booked_on')}</Table.Th>
              <Table.Th ta="right">{t('adjustments.amount')}</Table.Th>
              <Table.Th>{t('bank.payer')}</Table.Th>
              <Table.Th>{t('bank.credited_iban')}</Table.Th>
              <Table.Th>{t('bank.remittance')}</Table.Th>
              <Table.Th>{t('bank.state')}</Table.Th>
              <Table.Th>{t('money.actions')}</Table.Th>
            </>
          }
        >
          {list.data.map((credit) => (
            <Table.Tr key={credit.id}>
              <Table.Td>
                {formatDate(credit.booking_date)}
                <Text size="xs" c="dimmed">
                  {credit.bank_reference}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Money amount={credit.amount} currency={credit.currency} />
                {credit.needs_second_operator && (
                  <Badge size="xs" ml={4} variant="outline">
                    {t('bank.four_eyes')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {credit.debtor_name ?? '–'}
                <Text size="xs" c="dimmed">
                  {credit.debtor_iban ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>{credit.creditor_iban ?? '–'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{credit.remittance ?? ''}</Table.Td>
              <Table.Td>
                {credit.unmatched_reason && credit.status === 'unmatched'
                  ? t(`bank.reason.${credit.unmatched_reason}`)
                  : [credit.client_email, credit.assigned_by, credit.decided_by, credit.note]
                      .filter(Boolean)
                      .join(' · ')}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {creditActions(credit, operator).map((action) => (
                    <Button
                      key={action}
                      size="xs"
                      variant={action === 'approve' || action === 'assign' ? 'filled' : 'outline'}
                      color={action === 'return' || action === 'reject' ? 'red.9' : undefined}
                      onClick={() => setDialog({ credit, action })}
                    >
                      {t(`bank.action.${action}`)}
                    </Button>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {dialog && (
        <CreditDialog
          credit={dialog.credit}
          action={dialog.action}
          busy={act.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(body) => act.mutate({ id: dialog.credit.id, action: dialog.action, body })}
        />
      )}
    </Stack>
  );
}
