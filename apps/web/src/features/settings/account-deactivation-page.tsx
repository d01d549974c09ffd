import type { ClientDeactivationView, DeactivationPayout } from '@bluepeak/core/deactivation';
import { Alert, Button, Card, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { formatMoney, Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { clientQueryKeys } from '../../lib/client-session';
import { formatDateTime } from '../../lib/format-date';
import { confirmDeactivation, deactivationKey, deactivationQuery, withdrawDeactivation } from './api';
import { DeactivationCodeForm } from './deactivation-code-form';
import { DeactivationForm } from './deactivation-form';
import { PayoutPlan } from './payout-plan';
import { DEACTIVATION_TEXTS } from './problem-texts';

// /dashboard/settings/account-deactivation (docs/requirements/deactivation.md): what closing the
// account means (balances, the tariff's closing fee, the pay-out's fee, the 24-hour review), what
// stops it now, the request with its code step, and the request under review with what it will
// pay out and a withdraw button.
export default function AccountDeactivationPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('deactivation.title'));
  const view = useQuery(deactivationQuery);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('deactivation.title')}</Title>
      {view.isPending && <Skeleton height={240} aria-busy="true" />}
      <FormMessage message={view.isError ? problemMessage(view.error, DEACTIVATION_TEXTS) : undefined} />
      {view.data && <DeactivationContent view={view.data} />}
    </Stack>
  );
}

function DeactivationContent({ view }: { view: ClientDeactivationView }) {
  const { t } = useTranslation('settings');
  const request = view.request;
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('deactivation.what_happens')}
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>{t('deactivation.explain_balance')}</List.Item>
            <List.Item>
              {t('deactivation.explain_fee', {
                fee: formatMoney(view.closing_fee.amount, view.closing_fee.currency),
              })}
            </List.Item>
            <List.Item>{t('deactivation.explain_payout_fee')}</List.Item>
            <List.Item>{t('deactivation.explain_review', { hours: view.review_hours })}</List.Item>
            <List.Item>{t('deactivation.explain_login')}</List.Item>
          </List>
          <Balances view={view} />
        </Stack>
      </Card>
      {view.blockers.length > 0 && (
        <Alert color="orange" title={t('deactivation.blocked_title')} data-testid="deactivation-blockers">
          <List size="sm">
            {view.blockers.map((blocker) => (
              <List.Item key={blocker}>{t(`deactivation.blockers.${blocker}`)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {request?.status === 'pending' && request.payout_note && (
        <Alert
          color="orange"
          title={t('deactivation.payout_returned_title')}
          data-testid="deactivation-payout-returned"
        >
          {t('deactivation.payout_returned_body', { note: request.payout_note })}
        </Alert>
      )}
      {request?.status === 'pending' && <RequestUnderReview view={view} />}
      {request?.status === 'paying_out' && (
        <Alert color="blue" title={t('deactivation.paying_out_title')} data-testid="deactivation-paying-out">
          {t('deactivation.paying_out_body', {
            recipient: request.payout_recipient_name ?? t('deactivation.payout_recipient'),
          })}
        </Alert>
      )}
      {request?.status === 'awaiting_confirmation' && view.sca && <CodeStep view={view} />}
      {request?.status === 'rejected' && (
        <Alert color="gray" title={t('deactivation.rejected_title')}>
          {t('deactivation.rejected_body', { reason: request.decision_reason ?? '' })}
        </Alert>
      )}
      {view.can_request && !(request?.status === 'awaiting_confirmation' && view.sca) && (
        <DeactivationForm view={view} />
      )}
      {!view.can_request && !request && <Alert color="gray">{t('deactivation.not_available')}</Alert>}
    </>
  );
}

function Balances({ view }: { view: ClientDeactivationView }) {
  const { t } = useTranslation('settings');
  if (view.accounts.length === 0) return null;
  return (
    <Table withTableBorder={false} aria-label={t('deactivation.balances')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deactivation.currency')}</Table.Th>
          <Table.Th ta="right">{t('deactivation.balance')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.accounts.map((account) => (
          <Table.Tr key={account.id}>
            <Table.Td>{account.currency}</Table.Td>
            <Table.Td ta="right" data-testid={`deactivation-balance-${account.currency}`}>
              <Money amount={account.balance} currency={account.currency} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (data: ClientDeactivationView) => {
    queryClient.setQueryData(deactivationKey, { data });
    // The client's status changed: the session's record (and its guards) must follow.
    void queryClient.invalidateQueries({ queryKey: clientQueryKeys.data });
  };
}

function CodeStep({ view }: { view: ClientDeactivationView }) {
  const { t } = useTranslation('settings');
  const refresh = useRefresh();
  const confirm = useMutation({
    mutationFn: confirmDeactivation,
    meta: { silent: true },
    onSuccess: (body) => refresh(body.data),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('deactivation.code_title')}
        </Title>
        <DeactivationCodeForm
          factor={view.sca?.factor}
          onSubmit={(code) => confirm.mutate(code)}
          pending={confirm.isPending}
          error={confirm.error}
        />
        <WithdrawButton label={t('deactivation.cancel')} />
      </Stack>
    </Card>
  );
}

function RequestUnderReview({ view }: { view: ClientDeactivationView }) {
  const { t } = useTranslation('settings');
  const request = view.request;
  if (!request) return null;
  return (
    <Card withBorder padding="lg" data-testid="deactivation-request">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('deactivation.received_title')}
        </Title>
        <Text>
          {t('deactivation.received_body', {
            requested: request.requested_at ? formatDateTime(request.requested_at) : '',
            due: request.due_at ? formatDateTime(request.due_at) : '',
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('deactivation.reason_label')}: {t(`deactivation.reasons.${request.reason}`)}
          {' · '}
          {t('deactivation.payout_label')}:{' '}
          <PayoutText payout={request.payout} name={request.payout_recipient_name} />
        </Text>
        {request.payout.kind === 'recipient' && <PayoutPlan recipientId={request.payout.recipient_id} />}
        <Group>
          <WithdrawButton label={t('deactivation.withdraw')} />
        </Group>
      </Stack>
    </Card>
  );
}

function PayoutText({ payout, name }: { payout: DeactivationPayout; name: string | null }) {
  const { t } = useTranslation('settings');
  return (
    <>
      {payout.kind === 'recipient'
        ? (name ?? t('deactivation.payout_recipient'))
        : t('deactivation.payout_zero')}
    </>
  );
}

function WithdrawButton({ label }: { label: string }) {
  const refresh = useRefresh();
  const withdraw = useMutation({
    mutationFn: withdrawDeactivation,
    meta: { silent: true },
    onSuccess: (body) => refresh(body.data),
  });
  return (
    <Stack gap="xs">
      <Button variant="default" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
        {label}
      </Button>
      <FormMessage
        message={withdraw.isError ? problemMessage(withdraw.error, DEACTIVATION_TEXTS) : undefined}
      />
    </Stack>
  );
}
