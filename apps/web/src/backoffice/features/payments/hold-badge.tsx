import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A payment held for review: outlined, so it reads apart from the status beside it. */
export function HoldBadge() {
  const { t } = useTranslation('backoffice');
  return (
    <Badge color="red.9" variant="outline" data-testid="payment-held">
      {t('payments.held')}
    </Badge>
  );
}
