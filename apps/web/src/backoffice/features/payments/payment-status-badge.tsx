import type { PaymentStatus } from '@bluepeak/core/payments';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Colours that keep 4.5:1 contrast on the light badge (docs/requirements/public-site.md); final
// failures stand out.
const STATUS_COLORS: Record<PaymentStatus, string> = {
  created: 'gray',
  awaiting_confirmation: 'yellow',
  processing: 'blue',
  completed: '#1e6b34',
  rejected: 'red',
  returned: 'orange',
  cancelled: 'gray',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('backoffice');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="payment-status" data-status={status}>
      {t(`payments.status.${status}`)}
    </Badge>
  );
}

export function HoldBadge() {
  const { t } = useTranslation('backoffice');
  return (
    <Badge color="red.9" variant="outline" data-testid="payment-held">
      {t('payments.held')}
    </Badge>
  );
}
