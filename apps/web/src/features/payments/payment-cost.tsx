import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FigureLine } from '../../components/figure-line';
import { formatMoney, Money } from '../../components/money';
import { problemMessage } from '../../lib/api-error-message';
import { PAYMENT_TEXTS } from './problem-texts';
import type { FeePreviewState } from './use-fee-preview';

// docs/requirements/payments.md, "Price": the fee and the total in the account's currency, and
// the rate when converting, shown on the form while the client types, from the API's own
// pricing (GET /client/payments/fee_preview); and, before anything is sent, that the account
// cannot cover the amount and the fee.
export function PaymentCost({ cost }: { cost: FeePreviewState }) {
  const { t } = useTranslation('payments');
  const { preview, error } = cost;
  if (!cost.asked) return null;
  const converted = preview !== undefined && preview.rate !== null;
  return (
    <Stack gap={4} aria-live="polite" data-testid="payment-cost">
      {cost.pending && (
        <Text size="sm" c="dimmed">
          {t('cost.working_out')}
        </Text>
      )}
      {error !== undefined && (
        <Text size="sm" c="red.8" data-testid="payment-cost-error">
          {problemMessage(error, PAYMENT_TEXTS)}
        </Text>
      )}
      {preview && (
        <>
          {converted && (
            <FigureLine label={t('cost.converted')} testId="cost-debit">
              <Money amount={preview.debit_amount} currency={preview.debit_currency} />
              <Text span size="xs" c="dimmed" display="block" fw={400}>
                {t('figures.rate_value', {
                  from: preview.debit_currency,
                  rate: preview.rate,
                  to: preview.currency,
                })}
              </Text>
            </FigureLine>
          )}
          <FigureLine label={t('cost.fee')} testId="cost-fee">
            <Money amount={preview.fee} currency={preview.debit_currency} />
          </FigureLine>
          <FigureLine label={t('cost.total')} testId="cost-total">
            <Money amount={preview.total} currency={preview.debit_currency} />
          </FigureLine>
          {!preview.sufficient_funds && (
            <Alert color="red" data-testid="cost-insufficient">
              {t('cost.insufficient', {
                total: formatMoney(preview.total, preview.debit_currency),
                available: formatMoney(Math.max(0, preview.available_balance), preview.debit_currency),
              })}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
