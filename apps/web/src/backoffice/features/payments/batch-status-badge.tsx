import type { Batch } from '@bluepeak/core/payments';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Colours that keep 4.5:1 contrast on the light badge (docs/requirements/public-site.md).
const COLORS: Record<Batch['status'], string> = {
  draft: 'gray',
  processing: 'blue',
  completed: 'green',
  cancelled: 'gray',
  on_hold: 'yellow',
  returned: 'orange',
};

/** A batch's status as the operator reads it. */
export function BatchStatusBadge({ status }: { status: Batch['status'] }) {
  const { t } = useTranslation('backoffice');
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="batch-status" data-status={status}>
      {t(`payments.batches.status.${status}`)}
    </Badge>
  );
}
