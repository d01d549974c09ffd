import type { PayoutPlanLine, PayoutProblem } from '@bluepeak/core/deactivation';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, Money } from '../../components/money';
import { problemMessage } from '../../lib/api-error-message';
import { payoutPlanQuery } from './api';
import { DEACTIVATION_TEXTS } from './problem-texts';

// What closing takes and pays out to the chosen recipient (docs/requirements/deactivation.md),
// from GET /client/deactivation/payout_plan, the approval's own plan: the closing fee, then per
// account its balance, the pay-out payment's fee and what arrives, or why it cannot be paid out.
export function PayoutPlan({ recipientId }: { recipientId: string }) {
  const { t } = useTranslation('settings');
  const plan = useQuery(payoutPlanQuery(recipientId));
  if (plan.isPending)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('deactivation.plan_loading')}
      </Text>
    );
  if (plan.isError)
    return (
      <Text size="sm" c="red.8" role="alert">
        {problemMessage(plan.error, DEACTIVATION_TEXTS)}
      </Text>
    );
  const { closing_fee: fee, payout_plan: lines } = plan.data;
  return (
    <Stack gap={4} data-testid="deactivation-payout-plan" aria-live="polite">
      <Text size="sm" fw={600}>
        {t('deactivation.plan_title')}
      </Text>
      <Text size="sm" c="dimmed" data-testid="deactivation-closing-fee">
        {t('deactivation.plan_closing_fee', { fee: formatMoney(fee.amount, fee.currency) })}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm">{t('deactivation.plan_nothing')}</Text>
      ) : (
        <PlanTable lines={lines} />
      )}
    </Stack>
  );
}

function PlanTable({ lines }: { lines: PayoutPlanLine[] }) {
  const { t } = useTranslation('settings');
  return (
    <Table withTableBorder={false} aria-label={t('deactivation.plan_title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deactivation.currency')}</Table.Th>
          <Table.Th ta="right">{t('deactivation.plan_balance')}</Table.Th>
          <Table.Th ta="right">{t('deactivation.plan_fee')}</Table.Th>
          <Table.Th ta="right">{t('deactivation.plan_net')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.account_id} data-testid={`deactivation-payout-${line.currency}`}>
            <Table.Td>{line.currency}</Table.Td>
            <Table.Td ta="right">
              <Money amount={line.total} currency={line.currency} />
            </Table.Td>
            {line.amount === null || line.fee === null ? (
              <Table.Td colSpan={2} c="red.8">
                {t(`deactivation.plan_problems.${(line.problem ?? 'no_recipient') as PayoutProblem}`, {
                  currency: line.currency,
                })}
              </Table.Td>
            ) : (
              <>
                <Table.Td ta="right">
                  <Money amount={line.fee} currency={line.currency} />
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  <Money amount={line.amount} currency={line.currency} />
                </Table.Td>
              </>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
