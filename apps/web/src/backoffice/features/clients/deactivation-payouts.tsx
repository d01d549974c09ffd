import type { BackofficeDeactivation } from '@bluepeak/core/deactivation';
import { Alert, Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../components/money';

// What a closing pays out (docs/requirements/deactivation.md): before approval, the plan per
// account (amount and fee, or why it cannot go); once approved, the pay-out payments and, if one
// came back, its note.
export function DeactivationPayouts({ request }: { request: BackofficeDeactivation }) {
  const { t } = useTranslation('backoffice');
  return (
    <Stack gap="xs">
      {request.status === 'pending' && request.payout_note && (
        <Alert
          color="orange"
          title={t('deactivation.payout_note_title')}
          data-testid="deactivation-payout-note"
        >
          {request.payout_note}
        </Alert>
      )}
      {request.status === 'pending' && request.payout_plan.length > 0 && (
        <div data-testid="deactivation-payout-plan">
          <Text size="sm" fw={600}>
            {t('deactivation.payout_plan_title')}
          </Text>
          <List size="sm">
            {request.payout_plan.map((line) => (
              <List.Item key={line.account_id}>
                {line.amount !== null && line.fee !== null
                  ? t('deactivation.payout_line', {
                      total: formatMoney(line.total, line.currency),
                      amount: formatMoney(line.amount, line.currency),
                      fee: formatMoney(line.fee, line.currency),
                    })
                  : t('deactivation.payout_problem_line', {
                      total: formatMoney(line.total, line.currency),
                      problem: t(`deactivation.payout_problems.${line.problem ?? 'no_recipient'}`),
                    })}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {request.payout_payments.length > 0 && (
        <div data-testid="deactivation-payout-payments">
          <Text size="sm" fw={600}>
            {t('deactivation.payout_payments_title')}
          </Text>
          <List size="sm">
            {request.payout_payments.map((payment) => (
              <List.Item key={payment.id}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/payments/${payment.id}`}>
                    {formatMoney(payment.amount, payment.currency)}
                  </Anchor>
                  <Badge variant="light">{t(`payments.status.${payment.status}`)}</Badge>
                  {payment.status_reason && (
                    <Text size="xs" c="dimmed">
                      {payment.status_reason}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
